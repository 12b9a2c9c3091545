import { Suspense } from 'react';
import { OrganizationReview } from './client';

export const metadata = { title: 'Organization review · Payment Network' };

export default async function Page({ params }: { params: Promise<{ org_id: string }> }) {
  const { org_id } = await params;
  return (
    <Suspense>
      <OrganizationReview orgId={decodeURIComponent(org_id)} />
    </Suspense>
  );
}
