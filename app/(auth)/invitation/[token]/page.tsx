import { Link } from '@/components/ui/link';
import { headers } from 'next/headers';
import { clientAddressFromHeaders } from '@/lib/api/client-address';
import { callGateway } from '@/lib/dashboard/gateway-client';
import { LocalTime } from '@/components/ui/local-time';
import { AcceptInvitationForm } from './accept-form';
import { PageTitle } from '@/components/ui/page-title';
import type { InvitationDetails } from '@/lib/schemas/users';

export const metadata = { title: 'Accept an invitation · Payment Network' };
export const dynamic = 'force-dynamic';

type Invitation = InvitationDetails;

/** An invitation's one-time link: who it is for, and a form to set one's own password. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const h = await headers();
  const res = await callGateway(`/invitations/${encodeURIComponent(token)}`, {
    clientAddress: clientAddressFromHeaders((name) => h.get(name)),
  });
  const body = (await res.json().catch(() => null)) as { data?: Invitation; message?: string } | null;
  const invitation = res.ok ? body?.data : undefined;
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      {invitation ? (
        <>
          <PageTitle
            description={
              <>
                You are invited as <strong>{invitation.role}</strong>. Set your password to sign in. The link
                works once, until <LocalTime seconds={invitation.expires_at.seconds} />.
              </>
            }
          >
            Join {invitation.organization}
          </PageTitle>
          <AcceptInvitationForm token={token} email={invitation.email} name={invitation.name} />
        </>
      ) : (
        <div className="flex flex-col gap-3">
          <PageTitle>This invitation cannot be used</PageTitle>
          <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
            {body?.message ?? 'The invitation could not be read; try the link again later.'}
          </p>
          <p className="text-sm">
            Already set your password?{' '}
            <Link href="/signin" className="text-indigo-700 underline dark:text-indigo-300">
              Sign in
            </Link>
          </p>
        </div>
      )}
    </main>
  );
}
