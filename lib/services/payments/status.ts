import { sql, type SQL } from 'drizzle-orm';
import { schema } from '@/lib/db';

const { submissions } = schema;

/**
 * A submission's status on the wire. Settled (6) is not stored: a cut-off settles a million
 * transactions at a time and rewriting their submissions too would double its cost (the
 * submission's status is indexed, so the update cannot be HOT). An admitted submission (3) reads
 * as settled once its transaction is settled (status 3), which the cut-off writes in the same
 * database transaction as the batch's completion. Use it where `submissions` is in the FROM list.
 */
export const submissionStatus: SQL<number> = sql<number>`(CASE WHEN ${submissions.status} = 3 AND EXISTS (
  SELECT 1 FROM transactions settled_txn WHERE settled_txn.id = ${submissions.transactionId} AND settled_txn.status = 3
) THEN 6 ELSE ${submissions.status} END)`.mapWith(Number);
