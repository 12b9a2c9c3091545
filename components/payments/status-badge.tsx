import { Badge } from '@/components/ui/badge';
import { SUBMISSION_STATUS } from '@/lib/client/format';

/** The tone of each submission status (lib/domain/statuses.ts): open amber, done green, refused red. */
const TONE = { 1: 'amber', 2: 'amber', 3: 'green', 4: 'red', 5: 'red', 6: 'green' } as const;

/** A payment's status as every screen shows it; `null`: created, not submitted. */
export function PaymentStatusBadge({ status }: { status: number | null }) {
  if (status === null) return <Badge tone="slate">Not submitted</Badge>;
  return (
    <Badge tone={TONE[status as keyof typeof TONE] ?? 'slate'}>
      {SUBMISSION_STATUS[status as keyof typeof SUBMISSION_STATUS] ?? String(status)}
    </Badge>
  );
}
