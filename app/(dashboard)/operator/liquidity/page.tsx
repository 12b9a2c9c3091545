import { Suspense } from 'react';
import { ListPageSkeleton } from '@/components/ui/skeleton';
import { LiquidityDeskClient } from './client';

export const metadata = { title: 'Liquidity desk · Payment Network' };

/** The operator's liquidity desk (the folder's layout answers everyone else). */
export default function Page() {
  return (
    <Suspense fallback={<ListPageSkeleton label="Loading the liquidity desk…" />}>
      <LiquidityDeskClient />
    </Suspense>
  );
}
