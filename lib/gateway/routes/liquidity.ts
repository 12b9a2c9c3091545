import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import {
  intradayQuery,
  intradaySchema,
  liquidityChangeResponse,
  liquidityParams,
  liquidityResponse,
  listLiquidityEntriesQuery,
  listLiquidityEntriesResponse,
  listLiquidityQueueQuery,
  listLiquidityQueueResponse,
  listNetworkLiquidityQuery,
  listNetworkLiquidityResponse,
  recordFundsBody,
  setLiquidityLimitsBody,
  currencyCode,
} from '@/lib/schemas/liquidity';
import { getLiquidity, listNetworkLiquidity } from '@/lib/services/liquidity/positions';
import {
  exportLiquidityEntries,
  listLiquidityEntries,
  listLiquidityQueue,
  liquidityIntraday,
} from '@/lib/services/liquidity/ledger';
import { listParticipantEntries, recordFunds, setLiquidityLimits } from '@/lib/services/liquidity/operator';

const participant = {
  tag: 'Liquidity',
  partner: 'required' as const,
};
const operator = { tag: 'Operator' };

export function registerLiquidityRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...participant,
    method: 'get',
    path: '/liquidity',
    operationId: 'getLiquidity',
    action: 'liquidity.read',
    summary: "The namespace's settlement balance, net debit cap and position per currency (extension)",
    description:
      "One entry per currency the namespace transacts or holds funds in. `limit` is the most net debit allowed now (the cap, and no more than the balance unless allow_unsecured); an admission that would take `position` past it is rejected with NET_DEBIT_CAP_EXCEEDED or queued, as the namespace's `on_cap` says. A currency without a cap allows no net debit (limit 0: a payment out is admitted against the namespace's net credit only, else rejected with CURRENCY_NOT_ENABLED), unless the operator opened it `unlimited` (limit, headroom and utilisation null). A sandbox namespace's currency opens with a demo balance and cap on its first payment out in it.",
    response: liquidityResponse,
    handler: (ctx) => getLiquidity(ctx),
  });

  defineRoute(app, {
    ...participant,
    method: 'get',
    path: '/liquidity/entries',
    operationId: 'listLiquidityEntries',
    action: 'liquidity.read',
    summary: "The namespace's settlement ledger, newest first (extension)",
    description:
      "Funds in and out recorded by the operator and each settled batch's net, with the balance after each; append-only. A balance is the sum of its entries.",
    query: listLiquidityEntriesQuery,
    response: listLiquidityEntriesResponse,
    handler: (ctx, { query }) => listLiquidityEntries(ctx, query),
  });

  defineRoute(app, {
    ...participant,
    method: 'get',
    path: '/liquidity/entries/export',
    operationId: 'exportLiquidityEntries',
    action: 'liquidity.read',
    summary: 'The settlement ledger as CSV (extension)',
    description:
      'The entries of GET /liquidity/entries with its filters, newest first, amounts in minor units.',
    query: z.object({
      currency: currencyCode.optional().openapi({ param: { name: 'currency', in: 'query' } }),
    }),
    response: z.string(),
    stream: { type: 'text/csv', filename: 'liquidity-ledger.csv' },
    handler: async (ctx, { query }) => exportLiquidityEntries(ctx, query),
  });

  defineRoute(app, {
    ...participant,
    method: 'get',
    path: '/liquidity/queue',
    operationId: 'listLiquidityQueue',
    action: 'liquidity.read',
    summary: "The namespace's payments waiting for headroom, oldest first (extension)",
    description:
      'Submissions whose every task completed but that did not fit under the net debit cap, held because the namespace queues (`on_cap: queue`). The network admits them oldest first as headroom returns — at a cut-off, with funds in, a higher cap, an incoming payment — or together with others that offset them; each expires with its payment.',
    query: listLiquidityQueueQuery,
    response: listLiquidityQueueResponse,
    handler: (ctx, { query }) => listLiquidityQueue(ctx, query),
  });

  defineRoute(app, {
    ...participant,
    method: 'get',
    path: '/liquidity/intraday',
    operationId: 'getLiquidityIntraday',
    action: 'liquidity.read',
    summary: "The namespace's position over the last 24 hours, in 5-minute steps (extension)",
    query: intradayQuery,
    response: intradaySchema,
    handler: (ctx, { query }) => liquidityIntraday(ctx, query.currency),
  });

  defineRoute(app, {
    ...operator,
    method: 'get',
    path: '/operator/liquidity',
    operationId: 'listNetworkLiquidity',
    action: 'network.read',
    summary: 'Every participant and currency, highest utilisation first (operator, extension)',
    query: listNetworkLiquidityQuery,
    response: listNetworkLiquidityResponse,
    handler: (ctx, { query }) => listNetworkLiquidity(ctx, query),
  });

  defineRoute(app, {
    ...operator,
    method: 'put',
    path: '/operator/liquidity/{partner_id}/{currency}',
    operationId: 'setLiquidityLimits',
    action: 'liquidity.set_cap',
    summary: "Set a participant's net debit cap, unsecured credit and alert thresholds (operator, extension)",
    description:
      "`cap` null removes the limit. A cap above the balance needs `allow_unsecured: true` (credit the network extends). `note` is required: it goes to the participant's audit trail and its `liquidity.updated` webhook. Payments waiting in the queue are admitted at once if the new limit makes room.",
    idempotent: true,
    params: liquidityParams,
    body: setLiquidityLimitsBody,
    response: liquidityChangeResponse,
    errors: [404],
    handler: (ctx, { params, body }) => setLiquidityLimits(ctx, params.partner_id, params.currency, body),
  });

  defineRoute(app, {
    ...operator,
    method: 'post',
    path: '/operator/liquidity/{partner_id}/{currency}/funds',
    operationId: 'recordLiquidityFunds',
    action: 'liquidity.record_funds',
    summary: 'Record funds placed with the settlement agent, or paid out (operator, extension)',
    description:
      "An entry of the participant's ledger with the agent's reference and a note. Funds out may not leave the balance below what the position and a secured cap need (400 saying how much may go out). Funds in release what waits in the queue.",
    idempotent: true,
    params: liquidityParams,
    body: recordFundsBody,
    response: liquidityChangeResponse,
    errors: [404],
    handler: (ctx, { params, body }) => recordFunds(ctx, params.partner_id, params.currency, body),
  });

  defineRoute(app, {
    ...operator,
    method: 'get',
    path: '/operator/liquidity/{partner_id}/entries',
    operationId: 'listParticipantLiquidityEntries',
    action: 'network.read',
    summary: "A participant's settlement ledger, newest first (operator, extension)",
    params: z.object({ partner_id: z.string().max(64) }),
    query: listLiquidityEntriesQuery,
    response: listLiquidityEntriesResponse,
    errors: [404],
    handler: (ctx, { params, query }) => listParticipantEntries(ctx, params.partner_id, query),
  });
}
