import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { pageQuery } from '@/lib/api/schemas';
import { runCutoff } from '@/lib/services/settlement/cutoff';
import { getBatch, getBatchTransaction, getProof, listBatches, listBatchTransactions, listNetworkBatches } from '@/lib/services/settlement/queries';
import { networkStats } from '@/lib/services/settlement/stats';
import { transactionSchema } from './payments';

const status = z.enum(['PROCESSING', 'COMPLETED', 'FAILED'], { error: 'status must be PROCESSING, COMPLETED or FAILED' });
export const batchSummarySchema = z
  .object({
    token: z.string(),
    cutoff_time: z.number().int(),
    started_on: z.number().int(),
    completed_on: z.number().int().nullable(),
    status,
    txn_count: z.number().int(),
    currency: z.string(),
  })
  .openapi('BatchSummary');

const batchDetailSchema = z
  .object({
    summary: batchSummarySchema,
    merkle_root: z.object({ root_hash: z.string(), version: z.string(), leaves_count: z.number().int(), created_at: z.string() }).nullable(),
    merkle_leaf: z.object({ partner_id: z.string(), kind: z.enum(['creditor', 'debtor']), amount: z.string(), leaf_hash: z.string(), leaf_index: z.number().int() }).nullable(),
    positions: z.array(z.object({ counterparty_id: z.string(), currency: z.string(), position_type: z.enum(['Debit', 'Credit']), net_amount: z.string() })),
  })
  .openapi('BatchDetails');

const unix = (name: string) => z.coerce.number({ error: `${name} must be Unix seconds` }).int(`${name} must be Unix seconds`).min(0, `${name} must be Unix seconds`).optional();
const common = { tag: 'Settlements', auth: 'either' as const, partner: 'required' as const, org: 'required' as const, access: 'transactions_read' as const };
const batchParams = z.object({ batch_id: z.string().max(64) });

/** The spec lists X-Partner-Id and X-Org-Id on settlement answers. */
function tenantHeaders(c: Context<GatewayEnv>) {
  const ctx = c.get('service');
  if (ctx.namespace) c.header('X-Partner-Id', ctx.namespace.id);
  if (ctx.orgId) c.header('X-Org-Id', ctx.orgId);
}

export function registerSettlementRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/settlements',
    summary: 'List the settlement batches the namespace took part in',
    query: z.object({ status: status.optional(), cutoff_from: unix('cutoff_from'), cutoff_to: unix('cutoff_to'), ...pageQuery }),
    response: z.object({ total: z.number().int(), batches: z.array(batchSummarySchema) }),
    handler: async (ctx, { query }, c) => {
      const data = await listBatches(ctx, query);
      tenantHeaders(c);
      return data;
    },
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/settlements/{batch_id}',
    summary: "A batch: summary, merkle root, the namespace's leaf and its net positions",
    params: batchParams,
    response: batchDetailSchema,
    errors: [404],
    handler: async (ctx, { params }, c) => {
      const data = await getBatch(ctx, params.batch_id);
      tenantHeaders(c);
      return data;
    },
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/settlements/{batch_id}/proof',
    summary: "Inclusion proof of the namespace's leaf (extension)",
    description: 'RFC 6962 audit path, leaf side first, base64. Recompute the root from leaf_hash and audit_path and compare it with merkle_root.root_hash.',
    params: batchParams,
    response: z.object({ leaf_index: z.number().int(), tree_size: z.number().int(), leaf_hash: z.string(), root_hash: z.string(), audit_path: z.array(z.string()) }).openapi('InclusionProof'),
    errors: [404],
    handler: async (ctx, { params }, c) => {
      const data = await getProof(ctx, params.batch_id);
      tenantHeaders(c);
      return data;
    },
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/settlements/{batch_id}/transactions',
    summary: "The namespace's transactions in a batch (extension)",
    params: batchParams,
    query: z.object(pageQuery),
    response: z.object({ total: z.number().int(), transactions: z.array(transactionSchema) }),
    errors: [404],
    handler: async (ctx, { params, query }, c) => {
      const data = await listBatchTransactions(ctx, params.batch_id, query);
      tenantHeaders(c);
      return data;
    },
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/settlements/{batch_id}/transactions/{transaction_id}',
    summary: 'A settled transaction of the batch',
    params: batchParams.extend({ transaction_id: z.string().max(64) }),
    response: transactionSchema,
    errors: [404],
    handler: async (ctx, { params }, c) => {
      const data = await getBatchTransaction(ctx, params.batch_id, params.transaction_id);
      tenantHeaders(c);
      return data;
    },
  });

  defineRoute(app, {
    tag: 'Operator',
    auth: 'jwt',
    roles: ['operator'],
    method: 'post',
    path: '/settlements',
    summary: 'Run a settlement cut-off now (operator, extension)',
    idempotent: true,
    response: z.object({ ran: z.boolean(), batches: z.array(z.object({ id: z.string(), currency: z.string(), status: z.enum(['COMPLETED', 'FAILED']), txnCount: z.number().int() })) }),
    handler: (ctx) => runCutoff(ctx.db),
  });

  defineRoute(app, {
    tag: 'Operator',
    auth: 'jwt',
    roles: ['operator'],
    method: 'get',
    path: '/operator/settlements',
    summary: 'Latest settlement batches across the network (operator, extension)',
    query: z.object(pageQuery),
    response: z.object({
      total: z.number().int(),
      batches: z.array(batchSummarySchema.extend({ root_hash: z.string().nullable(), leaves_count: z.number().int().nullable(), failure_reason: z.string().nullable() })),
    }),
    handler: (ctx, { query }) => listNetworkBatches(ctx, query),
  });

  defineRoute(app, {
    tag: 'Operator',
    auth: 'jwt',
    roles: ['operator'],
    method: 'get',
    path: '/operator/stats',
    summary: 'Network-wide figures (operator, extension)',
    response: z.object({
      organizations: z.object({ sandbox: z.number().int(), verified: z.number().int(), rejected: z.number().int() }),
      namespaces: z.number().int(),
      payments: z.number().int(),
      submissions_open: z.number().int(),
      submissions_rejected: z.number().int(),
      transactions_awaiting_settlement: z.number().int(),
      transactions_settled: z.number().int(),
      batches: z.number().int(),
    }),
    handler: (ctx) => networkStats(ctx),
  });
}
