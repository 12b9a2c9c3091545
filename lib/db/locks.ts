/**
 * PostgreSQL advisory lock keys of the work that one instance at a time does: one list, so that
 * no two kinds of work share a key (and skip each other).
 */
export const LOCKS = {
  /** Migrations at start-up (lib/db/client.ts). */
  migrations: 7_260_001,
  /** A settlement cut-off (lib/services/settlement/cutoff.ts). */
  cutoff: 7_260_002,
  /** Fanning outbox events out to webhooks (lib/webhooks/outbox.ts). */
  dispatch: 7_260_003,
  /** Folding the overview's rollup deltas (lib/services/overview/fold.ts). */
  rollupFold: 7_260_004,
  /** The retention purge (lib/services/retention/purge.ts). */
  retention: 7_260_005,
  /** Chaining the audit trail (lib/services/audit/seal.ts). */
  auditSeal: 7_260_006,
  /** Archiving a part of the audit trail (lib/services/audit/archive.ts). */
  auditArchive: 7_260_007,
  /** Releasing the liquidity queue (lib/services/liquidity/release.ts). */
  liquidityRelease: 7_260_008,
} as const;
