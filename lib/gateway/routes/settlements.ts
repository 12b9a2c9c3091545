import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import { runCutoff } from '@/lib/services/settlement/cutoff';
import { previewCutoff } from '@/lib/services/settlement/preview';
import {
  getBatch,
  getBatchTransaction,
  getProof,
  exportBatches,
  listBatches,
  listBatchTransactions,
  getNetworkBatch,
  listNetworkBatches,
} from '@/lib/services/settlement/queries';
import { networkStats } from '@/lib/services/settlement/stats';
import { settlementStatement, settlementStatementCsv } from '@/lib/services/settlement/statement';
import {
  batchDetailSchema,
  batchParams,
  exportSettlementsQuery,
  listSettlementsQuery,
  listSettlementsResponse,
  listSettlementTransactionsQuery,
  listSettlementTransactionsResponse,
  runSettlementCutoffResponse,
  cutoffPreviewSchema,
  listNetworkSettlementsQuery,
  getNetworkSettlementQuery,
  getNetworkSettlementResponse,
  listNetworkSettlementsResponse,
  getNetworkStatsResponse,
  inclusionProofSchema,
  settlementStatementQuery,
  settlementStatementSchema,
} from '@/lib/schemas/settlements';
import { transactionSchema } from '@/lib/schemas/payments';

/** The spec lists X-Partner-Id and X-Org-Id on settlement answers: `tenantHeaders`. */
const common = {
  tag: 'Settlements',
  partner: 'required' as const,
  org: 'required' as const,
};
export function registerSettlementRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    tenantHeaders: true,
    method: 'get',
    path: '/settlements',
    operationId: 'listSettlements',
    action: 'settlements.read',
    summary: 'List the settlement batches the namespace took part in',
    query: listSettlementsQuery,
    response: listSettlementsResponse,
    handler: (ctx, { query }) => listBatches(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/settlements/export',
    operationId: 'exportSettlements',
    action: 'settlements.read',
    summary: 'The settlement batches the namespace took part in, as CSV (extension)',
    description:
      "The filters of GET /settlements, every batch newest cut-off first (at most 1,000,000), each with the namespace's multilateral net in it (positive: it receives) in minor units and in the currency's units; times in UTC ISO 8601.",
    query: exportSettlementsQuery,
    response: z.string(),
    stream: { type: 'text/csv', filename: 'settlements.csv' },
    handler: (ctx, { query }) => exportBatches(ctx, query),
  });

  defineRoute(app, {
    ...common,
    tenantHeaders: true,
    method: 'get',
    path: '/settlements/statement',
    operationId: 'getSettlementStatement',
    action: 'settlements.read',
    summary: "The namespace's settlement statement over a period (extension)",
    description:
      'Every completed batch the namespace took part in with its cut-off in [from, to), its multilateral net and its bilateral net per counterparty (+ receives, − pays; minor units), and the totals per currency. At most 366 days and 5,000 batches.',
    query: settlementStatementQuery,
    response: settlementStatementSchema,
    handler: (ctx, { query }) => settlementStatement(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/settlements/statement/export',
    operationId: 'exportSettlementStatement',
    action: 'settlements.read',
    summary: 'The settlement statement as CSV (extension)',
    description:
      'The statement of GET /settlements/statement as CSV: a position line per counterparty of each batch, a batch line, then a total line per currency; amounts in minor units and in the currency’s units, times in UTC ISO 8601.',
    query: settlementStatementQuery,
    response: z.string(),
    stream: { type: 'text/csv', filename: 'settlement-statement.csv' },
    handler: (ctx, { query }) => settlementStatementCsv(ctx, query),
  });

  defineRoute(app, {
    ...common,
    tenantHeaders: true,
    method: 'get',
    path: '/settlements/{batch_id}',
    operationId: 'getSettlement',
    action: 'settlements.read',
    summary: "A batch: summary, merkle root, the namespace's leaf and its net positions",
    params: batchParams,
    response: batchDetailSchema,
    errors: [404],
    handler: (ctx, { params }) => getBatch(ctx, params.batch_id),
  });

  defineRoute(app, {
    ...common,
    tenantHeaders: true,
    method: 'get',
    path: '/settlements/{batch_id}/proof',
    operationId: 'getSettlementProof',
    action: 'settlements.read',
    summary: "Inclusion proof of the namespace's leaf (extension)",
    description:
      'RFC 6962 audit path, leaf side first, base64. Recompute the root from leaf_hash and audit_path and compare it with merkle_root.root_hash.',
    params: batchParams,
    response: inclusionProofSchema,
    errors: [404],
    handler: (ctx, { params }) => getProof(ctx, params.batch_id),
  });

  defineRoute(app, {
    ...common,
    tenantHeaders: true,
    method: 'get',
    path: '/settlements/{batch_id}/transactions',
    operationId: 'listSettlementTransactions',
    action: 'settlements.read',
    summary: "The namespace's transactions in a batch (extension)",
    params: batchParams,
    query: listSettlementTransactionsQuery,
    response: listSettlementTransactionsResponse,
    errors: [404],
    handler: (ctx, { params, query }) => listBatchTransactions(ctx, params.batch_id, query),
  });

  defineRoute(app, {
    ...common,
    tenantHeaders: true,
    method: 'get',
    path: '/settlements/{batch_id}/transactions/{transaction_id}',
    operationId: 'getSettlementTransaction',
    action: 'settlements.read',
    summary: 'A settled transaction of the batch',
    params: batchParams.extend({ transaction_id: z.string().max(64) }),
    response: transactionSchema,
    errors: [404],
    handler: (ctx, { params }) => getBatchTransaction(ctx, params.batch_id, params.transaction_id),
  });

  defineRoute(app, {
    tag: 'Operator',
    method: 'post',
    path: '/settlements',
    operationId: 'runSettlementCutoff',
    action: 'settlements.run_cutoff',
    summary: 'Run a settlement cut-off now (operator, extension)',
    idempotent: true,
    response: runSettlementCutoffResponse,
    handler: (ctx) => runCutoff(ctx.db, { requestedBy: ctx }),
  });

  defineRoute(app, {
    tag: 'Operator',
    method: 'get',
    path: '/operator/settlements',
    operationId: 'listNetworkSettlements',
    action: 'network.read',
    summary: 'Latest settlement batches across the network (operator, extension)',
    query: listNetworkSettlementsQuery,
    response: listNetworkSettlementsResponse,
    handler: (ctx, { query }) => listNetworkBatches(ctx, query),
  });

  defineRoute(app, {
    tag: 'Operator',
    method: 'get',
    path: '/operator/settlements/preview',
    operationId: 'previewSettlementCutoff',
    action: 'network.read',
    summary: 'What a cut-off run now would batch (operator, extension)',
    description:
      'Per currency: the cleared transactions waiting for settlement up to this moment, the namespaces that would take part, the gross (sum of the amounts) and the net (what moves between the participants), in minor units. Nothing is written; a cut-off run later takes what has cleared by then.',
    response: cutoffPreviewSchema,
    handler: (ctx) => previewCutoff(ctx),
  });

  defineRoute(app, {
    tag: 'Operator',
    method: 'get',
    path: '/operator/settlements/{batch_id}',
    operationId: 'getNetworkSettlement',
    action: 'network.read',
    summary: 'One settlement batch across the network: summary, root and participants (operator, extension)',
    params: batchParams,
    query: getNetworkSettlementQuery,
    response: getNetworkSettlementResponse,
    errors: [404],
    handler: (ctx, { params, query }) => getNetworkBatch(ctx, params.batch_id, query),
  });

  defineRoute(app, {
    tag: 'Operator',
    method: 'get',
    path: '/operator/stats',
    operationId: 'getNetworkStats',
    action: 'network.read',
    summary: 'Network-wide figures (operator, extension)',
    response: getNetworkStatsResponse,
    handler: (ctx) => networkStats(ctx),
  });
}
