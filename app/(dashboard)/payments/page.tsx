import { Suspense } from 'react';
import { ListPageSkeleton } from '@/components/ui/skeleton';
import { readFirstPage } from '@/lib/dashboard/session';
import { Client, type PaymentList } from './client';
import { paymentsQuery } from './search-params';

export const metadata = { title: 'Payments · Payment Network' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) if (typeof v === 'string') params.set(k, v);
  // The first page comes with the HTML; filters changed afterwards are fetched by the browser.
  const qs = paymentsQuery(params);
  const data = await readFirstPage<PaymentList>(`/payments?${qs}`);
  return (
    <Suspense fallback={<ListPageSkeleton label="Loading payments…" />}>
      <Client initial={data ? { qs, data } : null} />
    </Suspense>
  );
}
