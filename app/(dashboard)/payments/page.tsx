import { Link } from '@/components/ui/link';
import { Suspense } from 'react';
import { ListPageSkeleton } from '@/components/ui/skeleton';
import { readFirstPage, requireMe } from '@/lib/dashboard/session';
import { Client } from './client';
import type { PaymentList } from '@/lib/client/queries/payments';
import { paymentListFilters } from './search-params';
import { can, canOpen } from '@/lib/domain/permissions';
import { ParticipantsOnly } from '@/components/ui/admins-only';

export const metadata = { title: 'Payments · Payment Network' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) if (typeof v === 'string') params.set(k, v);
  // The first page comes with the HTML; filters changed afterwards are fetched by the browser.
  const filters = paymentListFilters(params);
  const [data, { me, partnerId }] = await Promise.all([
    readFirstPage<PaymentList>(`/payments?${new URLSearchParams(filters)}`),
    requireMe(),
  ]);
  if (!canOpen(me.role, '/payments'))
    return (
      <ParticipantsOnly title="Payments">
        This screen lists one namespace&apos;s payments; the network operator holds no namespace. The
        network&apos;s settled transactions are in its settlement batches, on{' '}
        <Link href="/operator/network" className="underline">
          Network
        </Link>
        .
      </ParticipantsOnly>
    );
  const ns = me.partners.find((p) => p.token === partnerId);
  const create =
    can(me.role, 'payments.create') && ns
      ? { domain: ns.domain, sandbox: ns.environment === 'sandbox' }
      : null;
  return (
    <Suspense fallback={<ListPageSkeleton label="Loading payments…" />}>
      <Client
        initial={data ? { filters, partnerId: partnerId ?? null, data } : null}
        create={create}
        partnerId={partnerId ?? null}
      />
    </Suspense>
  );
}
