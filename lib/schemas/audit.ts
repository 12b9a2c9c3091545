import { z } from '@hono/zod-openapi';
import { orderQuery, pageInfo, pageQuery, unixSecondsQuery } from './common';

/** One entry of the audit trail (docs/audit.md). */
const auditEventSchema = z
  .object({
    token: z.string(),
    occurred_at: z.number().int().openapi({ description: 'Unix seconds' }),
    occurred_at_ms: z.number().int().openapi({ description: 'Unix milliseconds' }),
    org_id: z.string().nullable(),
    partner_id: z.string().nullable(),
    actor: z.object({
      kind: z.enum(['user', 'apikey', 'anonymous', 'system']),
      id: z.string().nullable(),
      label: z.string().openapi({ description: "The user's e-mail or the key's name, as they were then" }),
    }),
    action: z.string().openapi({ example: 'api_key.rotated' }),
    target: z.object({ type: z.string(), id: z.string().nullable() }),
    changes: z
      .object({
        before: z.record(z.string(), z.unknown()).optional(),
        after: z.record(z.string(), z.unknown()).optional(),
      })
      .nullable()
      .openapi({ description: 'The changed fields before and after; never a secret' }),
    request_id: z.string().nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
  })
  .openapi('AuditEvent');

export type AuditEvent = z.infer<typeof auditEventSchema>;

/** The filters of the trail, each served by an index with the time order (docs/audit.md). */
const auditFilters = {
  actor: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .optional()
    .openapi({
      param: { name: 'actor', in: 'query' },
      description: "The actor's e-mail or key name, exactly",
    }),
  action: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .openapi({ param: { name: 'action', in: 'query' }, example: 'api_key.rotated' }),
  target: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({
      param: { name: 'target', in: 'query' },
      description: "The target's id (a key, user, payment id…)",
    }),
  occurred_from: unixSecondsQuery('occurred_from', 'Entries that occurred at or after this time').optional(),
  occurred_to: unixSecondsQuery('occurred_to', 'Entries that occurred before this time').optional(),
  org_id: z
    .string()
    .max(64)
    .optional()
    .openapi({
      param: { name: 'org_id', in: 'query' },
      description: 'Operator only: one organization\'s trail, or "network"',
    }),
};

export const listAuditEventsQuery = z.object({ ...pageQuery, ...auditFilters });
export type ListAuditEventsQuery = z.output<typeof listAuditEventsQuery>;

export const exportAuditEventsQuery = z.object({ ...auditFilters, ...orderQuery });
export type ExportAuditEventsQuery = z.output<typeof exportAuditEventsQuery>;

export const listAuditEventsResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  audit_events: z.array(auditEventSchema),
  archived_through: z.number().int().nullable().openapi({
    description:
      'When the trail read (an organization\'s, or `network`) has been archived: the time (Unix seconds) of its last archived entry. Entries up to then are in the archive files, not in this list (docs/audit.md, "Retention and archiving").',
  }),
});
export type ListAuditEventsResponse = z.infer<typeof listAuditEventsResponse>;
