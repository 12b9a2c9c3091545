import { Badge } from '@/components/ui/badge';
import type { ReturnStatus } from '@/lib/domain/returns';

const LOOK = {
  requested: { tone: 'amber', word: 'Requested' },
  returned: { tone: 'green', word: 'Returned' },
  refused: { tone: 'red', word: 'Refused' },
} as const;

/** A return's status as every screen shows it: waiting amber, money back green, refused red. */
export function ReturnStatusBadge({ status }: { status: string }) {
  const look = LOOK[status as ReturnStatus];
  return look ? <Badge tone={look.tone}>{look.word}</Badge> : <Badge tone="slate">{status}</Badge>;
}
