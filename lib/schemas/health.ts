import { z } from '@hono/zod-openapi';

/** `GET /operator/health`: what the operator's health panel shows (lib/services/health/signals.ts). */
export const operatorHealthSchema = z
  .object({
    outbox_oldest_event_age_seconds: z
      .number()
      .openapi({ description: 'Age of the oldest event not yet fanned out to webhooks; 0 when none waits' }),
    webhook_backlog: z.object({
      pending: z.number().int().openapi({ description: 'Pending deliveries, counted up to 1,000,000' }),
      capped: z.boolean().openapi({ description: 'true when the count reached its cap' }),
    }),
    failing_endpoints: z
      .array(
        z.object({
          webhook_id: z.string(),
          org_id: z.string().openapi({
            description: "The endpoint's organization (its review: GET /operator/organizations/{org_id})",
          }),
          partner_id: z.string(),
          domain: z.string(),
          failing_seconds: z.number(),
          disabled: z.boolean(),
        }),
      )
      .openapi({ description: 'Failing or disabled endpoints, the longest failing first (at most 100)' }),
    failing_settlements: z
      .array(
        z.object({
          currency: z.string(),
          batch_id: z.string().openapi({ description: 'Its latest batch, FAILED' }),
          cutoff_time: z.number().int(),
          reason: z.string().openapi({ description: 'Why it failed, as the batch records it' }),
        }),
      )
      .openapi({
        description:
          'Currencies whose latest batch of the last day failed: each currency settles on its own, so the others settled; its transactions wait for the next cut-off',
      }),
    last_cutoff: z
      .object({
        cutoff_time: z.number().int(),
        duration_seconds: z.number(),
        transactions: z.number().int(),
        batches: z.number().int(),
      })
      .nullable(),
    readiness: z
      .object({
        database: z.enum(['ok', 'unreachable']),
        migrations: z.enum(['ok', 'behind', 'unknown']),
        workers: z.enum(['running', 'off', 'stopped']).openapi({
          description:
            "This instance's workers: `off` when run with WORKERS=off, `stopped` when they should run and do not",
        }),
      })
      .openapi({ description: 'What GET /readyz checks, as this instance sees it' }),
    audit_trail: z
      .object({
        unchained_oldest_age_seconds: z.number().openapi({
          description:
            'Age of the oldest audit entry not yet chained (the sealer chains every second); 0 when none waits',
        }),
        oldest_entry_at: z
          .number()
          .int()
          .nullable()
          .openapi({ description: 'When the oldest entry still in the database occurred (Unix seconds)' }),
        last_archived_at: z.number().int().nullable().openapi({
          description: 'When the trail was last archived (npm run archive-audit); null before the first',
        }),
      })
      .openapi({ description: "The audit trail's upkeep (docs/audit.md)" }),
  })
  .openapi('OperatorHealth');

export type OperatorHealth = z.infer<typeof operatorHealthSchema>;
