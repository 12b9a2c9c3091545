import { RoleOnly } from '@/components/ui/admins-only';
import { canOpen } from '@/lib/domain/permissions';
import { requireMe } from '@/lib/dashboard/session';
import { RequestLogEntry } from './client';

export const metadata = { title: 'Request · Payment Network' };

/**
 * One request of the log. Read in the browser, not on the server: an entry is written a moment
 * after its answer, and a request id followed from an error just shown is asked again until it is.
 */
export default async function Page({ params }: { params: Promise<{ request_id: string }> }) {
  const { me } = await requireMe();
  // The organization's people (SCREENS lists it to them); the operator has no namespace.
  if (!canOpen(me.role, '/logs')) {
    return (
      <RoleOnly title="Request" who="Your organization's people only">
        The request log lists a namespace&apos;s API requests; the network operator has none.
      </RoleOnly>
    );
  }
  return <RequestLogEntry requestId={decodeURIComponent((await params).request_id)} />;
}
