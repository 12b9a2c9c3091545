import { z } from '@hono/zod-openapi';
import { transactionSchema } from './payments';
import { pageQuery, pageInfo, unixSecondsQuery } from './common';
import { STATEMENT_MAX_DAYS } from '@/lib/domain/statements';

const batchStatusSchema = z.enum(['PROCESSING', 'COMPLETED', 'FAILED'], {
  error: 'status must be PROCESSING, COMPLETED or FAILED',
});

export type BatchStatus = z.output<typeof batchStatusSchema>;

const batchSummarySchema = z
  .object({
    token: z.string(),
    cutoff_time: z.number().int(),
    started_on: z.number().int(),
    completed_on: z.number().int().nullable(),
    status: batchStatusSchema,
    txn_count: z.number().int(),
    currency: z.string(),
  })
  .openapi('BatchSummary');

export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchDetailSchema = z
  .object({
    summary: batchSummarySchema,
    merkle_root: z
      .object({
        root_hash: z.string(),
        version: z.string(),
        leaves_count: z.number().int(),
        created_at: z.string(),
      })
      .nullable(),
    merkle_leaf: z
      .object({
        partner_id: z.string(),
        kind: z.enum(['creditor', 'debtor']),
        amount: z.string(),
        leaf_hash: z.string(),
        leaf_index: z.number().int(),
      })
      .nullable(),
    positions: z.array(
      z.object({
        counterparty_id: z.string(),
        counterparty_name: z
          .string()
          .nullable()
          .openapi({ description: "Extension: the counterparty namespace's name (null if it is gone)" }),
        counterparty_domain: z
          .string()
          .nullable()
          .openapi({ description: "Extension: the counterparty namespace's domain (null if it is gone)" }),
        currency: z.string(),
        position_type: z.enum(['Debit', 'Credit']),
        net_amount: z.string(),
      }),
    ),
  })
  .openapi('BatchDetails');

export type BatchDetail = z.infer<typeof batchDetailSchema>;

/** A namespace's leaf in a batch's Merkle tree and the path that proves it (RFC 6962, base64). */
export const inclusionProofSchema = z
  .object({
    leaf_index: z.number().int(),
    tree_size: z.number().int(),
    leaf_hash: z.string(),
    root_hash: z.string(),
    audit_path: z.array(z.string()),
  })
  .openapi('InclusionProof');

export type InclusionProof = z.infer<typeof inclusionProofSchema>;

export const batchParams = z.object({ batch_id: z.string().max(64) });

export const listSettlementsQuery = z.object({
  status: batchStatusSchema.optional(),
  cutoff_from: unixSecondsQuery('cutoff_from', 'Batches cut off at or after this time').optional(),
  cutoff_to: unixSecondsQuery('cutoff_to', 'Batches cut off at or before this second').optional(),
  ...pageQuery,
});

export type ListSettlementsQuery = z.output<typeof listSettlementsQuery>;

/** The list's filters without paging: the export's query. */
export const exportSettlementsQuery = listSettlementsQuery.pick({
  status: true,
  cutoff_from: true,
  cutoff_to: true,
  order: true,
});
export type SettlementFilters = z.output<typeof exportSettlementsQuery>;

/** A settlement list's page: `total` (and `total_capped`) instead of `count` (DESIGN §6), then the cursors. */
const settlementPageInfo = {
  total: z.number().int(),
  total_capped: pageInfo.count_capped,
  has_more: pageInfo.has_more,
  next_cursor: pageInfo.next_cursor,
  prev_cursor: pageInfo.prev_cursor,
};

export const listSettlementsResponse = z.object({
  ...settlementPageInfo,
  batches: z.array(batchSummarySchema),
});

export const listSettlementTransactionsQuery = z.object(pageQuery);

export type ListSettlementTransactionsQuery = z.output<typeof listSettlementTransactionsQuery>;

export const listSettlementTransactionsResponse = z.object({
  ...settlementPageInfo,
  transactions: z.array(transactionSchema),
});

export type ListSettlementTransactionsResponse = z.infer<typeof listSettlementTransactionsResponse>;

export const runSettlementCutoffResponse = z.object({
  ran: z.boolean(),
  batches: z.array(
    z.object({
      id: z.string(),
      currency: z.string(),
      status: z.enum(['COMPLETED', 'FAILED']),
      txnCount: z.number().int(),
    }),
  ),
});

export type RunSettlementCutoffResponse = z.infer<typeof runSettlementCutoffResponse>;

export const cutoffPreviewSchema = z
  .object({
    cutoff_time: z.number().int().openapi({ description: 'The moment the preview was read (Unix seconds)' }),
    transactions: z
      .number()
      .int()
      .openapi({ description: 'Transactions a cut-off now would batch, every currency' }),
    currencies: z.array(
      z.object({
        currency: z.string(),
        transactions: z.number().int(),
        participants: z
          .number()
          .int()
          .openapi({ description: 'Namespaces that would take part (a leaf each), on-us ones included' }),
        gross: z.string().openapi({ description: 'Sum of the amounts, minor units' }),
        net: z.string().openapi({
          description:
            "Sum of the participants' positive multilateral nets: what moves between them, minor units",
        }),
      }),
    ),
  })
  .openapi('CutoffPreview');

export type CutoffPreviewResponse = z.infer<typeof cutoffPreviewSchema>;

const networkBatchSchema = batchSummarySchema
  .extend({
    root_hash: z.string().nullable(),
    leaves_count: z.number().int().nullable(),
    failure_reason: z.string().nullable(),
  })
  .openapi('NetworkBatch');

export const listNetworkSettlementsQuery = z.object(pageQuery);

export type ListNetworkSettlementsQuery = z.output<typeof listNetworkSettlementsQuery>;

export const listNetworkSettlementsResponse = z.object({
  ...settlementPageInfo,
  batches: z.array(networkBatchSchema),
});

export type ListNetworkSettlementsResponse = z.infer<typeof listNetworkSettlementsResponse>;

export const getNetworkSettlementQuery = z.object(pageQuery);

export type GetNetworkSettlementQuery = z.output<typeof getNetworkSettlementQuery>;

export const getNetworkSettlementResponse = z.object({
  batch: networkBatchSchema,
  /** The participants' leaves, a page of them (by namespace id). */
  ...settlementPageInfo,
  participants: z.array(
    z.object({
      partner_id: z.string(),
      domain: z.string().nullable(),
      name: z.string().nullable(),
      kind: z.enum(['creditor', 'debtor']),
      amount: z.string().openapi({ description: 'Net amount, minor units of the batch currency' }),
      txn_count: z.number().int(),
      leaf_index: z.number().int(),
    }),
  ),
});

export type GetNetworkSettlementResponse = z.infer<typeof getNetworkSettlementResponse>;

export const getNetworkStatsResponse = z.object({
  organizations: z.object({
    sandbox: z.number().int(),
    verified: z.number().int(),
    rejected: z.number().int(),
  }),
  accounts_awaiting_verification: z.number().int().openapi({
    description: "Production accounts awaiting the operator's verification, counted up to 10,000",
  }),
  namespaces: z.number().int(),
  payments: z.number().int(),
  submissions_open: z.number().int(),
  submissions_rejected: z.number().int(),
  transactions_awaiting_settlement: z.number().int(),
  transactions_settled: z.number().int(),
  batches: z.number().int(),
});

export type GetNetworkStatsResponse = z.infer<typeof getNetworkStatsResponse>;

export const settlementStatementQuery = z
  .object({
    // Required, and said so: the object's refinements hide it from the document's generator.
    from: unixSecondsQuery('from', 'Start of the period (included)').openapi({ param: { required: true } }),
    to: unixSecondsQuery('to', 'End of the period (excluded)').openapi({ param: { required: true } }),
  })
  .refine((q) => q.to > q.from, { message: 'to must be after from', path: ['to'] })
  .refine((q) => q.to - q.from <= STATEMENT_MAX_DAYS * 86400, {
    message: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
    path: ['to'],
  });

export type SettlementStatementQuery = z.output<typeof settlementStatementQuery>;

export const settlementStatementSchema = z
  .object({
    partner_id: z.string(),
    domain: z.string(),
    name: z.string(),
    from: z.number().int(),
    to: z.number().int(),
    generated_at: z.number().int(),
    batches: z.array(
      z.object({
        batch_id: z.string(),
        currency: z.string(),
        cutoff_time: z.number().int(),
        txn_count: z.number().int(),
        net: z
          .string()
          .openapi({ description: "The namespace's multilateral net: + receives, − pays (minor units)" }),
        positions: z.array(
          z.object({
            counterparty_id: z.string(),
            counterparty_domain: z.string().nullable(),
            net: z
              .string()
              .openapi({ description: 'Bilateral net with that counterparty: + receives, − pays' }),
          }),
        ),
      }),
    ),
    totals: z.array(
      z.object({
        currency: z.string(),
        batches: z.number().int(),
        txn_count: z.number().int(),
        receivable: z.string(),
        payable: z.string(),
        net: z.string(),
      }),
    ),
  })
  .openapi('SettlementStatement');

export type SettlementStatement = z.infer<typeof settlementStatementSchema>;
