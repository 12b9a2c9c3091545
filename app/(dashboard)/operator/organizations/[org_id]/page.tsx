import { canOpen } from '@/lib/domain/permissions';
import { readRecordOrNotFound, requireMe } from '@/lib/dashboard/session';
import type { OrganizationReview as Review } from '@/lib/schemas/organizations';
import { OrganizationReview } from './client';

export const metadata = { title: 'Organization review · Payment Network' };

export default async function Page({ params }: { params: Promise<{ org_id: string }> }) {
  const orgId = decodeURIComponent((await params).org_id);
  // Anyone else is told whose the screen is by the folder's layout, without a call to the gateway.
  const { me } = await requireMe();
  if (!canOpen(me.role, '/operator')) return null;
  const review = await readRecordOrNotFound<Review>(`/operator/organizations/${encodeURIComponent(orgId)}`);
  return <OrganizationReview orgId={orgId} initial={{ partnerId: null, data: review }} />;
}
