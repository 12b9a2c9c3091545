import type { schema } from '@/lib/db';
import type { TaskHistoryEntry } from '@/lib/db/schema/payments';
import { unixSeconds } from '@/lib/schemas/common';
import type { RuleAction } from '@/lib/domain/rules';
import { SUBMISSION, SUBMISSION_NAMES, taskStatusName, transactionStatusName } from '@/lib/domain/statuses';
import { reasonName } from '@/lib/domain/reasons';
import { RETURN_REASONS, returnStatusOf, type ReturnReason } from '@/lib/domain/returns';

type PaymentRow = typeof schema.payments.$inferSelect;
type SubmissionRow = typeof schema.submissions.$inferSelect;
type TaskRow = typeof schema.admissionTasks.$inferSelect;
type TransactionRow = typeof schema.transactions.$inferSelect;
type LineRow = typeof schema.transactionLines.$inferSelect;
type ExceptionRow = typeof schema.paymentExceptions.$inferSelect;

/**
 * The object with its keys in the order PostgreSQL's jsonb keeps them (shorter keys first, then
 * by bytes), so an answer built before the write reads exactly like a later read of the row.
 */
export function inJsonbOrder<T>(value: T): T {
  if (Array.isArray(value)) return value.map(inJsonbOrder) as T;
  if (!value || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort(
    (a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)),
  );
  return Object.fromEntries(keys.map((k) => [k, inJsonbOrder((value as Record<string, unknown>)[k])])) as T;
}

function paymentFields(p: PaymentRow) {
  return {
    payment_id: p.paymentId,
    amount: { currency: p.currency, total: p.amountMinor.toString() },
    beneficiary_party: p.beneficiaryParty as Record<string, unknown>,
    debtor_party: p.debtorParty as Record<string, unknown>,
    reference: p.reference,
    payment_type: p.paymentType,
    device: p.device as Record<string, unknown>,
    location: p.location as Record<string, unknown>,
    organization_id: p.orgId,
    partner_id: p.partnerId,
    return_of: p.returnOf,
  };
}

export function serializePayment(p: PaymentRow) {
  return {
    ...paymentFields(p),
    expires_at: p.expiresAt.toISOString(),
    initiated_at: p.initiatedAt.toISOString(),
  };
}

/** Inside a submission the spec gives the payment's timestamps as Unix seconds. */
function serializeEmbeddedPayment(p: PaymentRow) {
  return {
    ...paymentFields(p),
    expires_at: unixSeconds(p.expiresAt),
    initiated_at: unixSeconds(p.initiatedAt),
  };
}

export function serializeSubmission(
  s: Omit<SubmissionRow, 'liquidityQueuedAt'> & { liquidityQueuedAt?: Date | null },
  p: PaymentRow,
) {
  return {
    token: s.id,
    organization_id: s.orgId,
    partner_id: s.partnerId,
    payment_id: s.paymentId,
    admission_id: s.admissionId,
    workflow: s.workflow,
    status: s.status,
    status_name: SUBMISSION_NAMES[s.status] ?? 'pending',
    submission_time: unixSeconds(s.submittedAt),
    transaction_id: s.transactionId,
    liquidity_queued_at: s.liquidityQueuedAt ? unixSeconds(s.liquidityQueuedAt) : null,
    relationships: { payment: serializeEmbeddedPayment(p) },
  };
}

/**
 * A task as `viewerOrgId` sees it. A task is worked by its assignee namespace's people (or keys):
 * its own organization sees who (`updated_by`: an e-mail or an API key id); any other viewer — the
 * payment's creator reading the admission's tasks — sees the namespace and role instead
 * (`First Bank (support)`), in `history` too.
 */
export function serializeTask(t: TaskRow, viewerOrgId: string | null) {
  const own = viewerOrgId === t.orgId;
  return {
    token: t.id,
    admission_id: t.admissionId,
    payment_id: t.paymentId,
    organization_id: t.orgId,
    partner_id: t.partnerId,
    name: t.name,
    workflow: t.workflow,
    assignee: t.assignee,
    status: t.status,
    status_name: taskStatusName(t.status),
    status_reason: t.statusReason,
    status_reason_name: reasonName(t.statusReason),
    note: t.note,
    // Every change appends its entry, so the latest one names the task's current updated_by.
    updated_by: own ? t.updatedBy : publicUpdatedBy(t.updatedBy, t.history[t.history.length - 1]),
    expires_at: unixSeconds(t.expiresAt),
    created_on: unixSeconds(t.createdAt),
    modified_on: unixSeconds(t.updatedAt),
    /** Extension: every change of the task, oldest first (docs/decisions.md). */
    history: t.history.map((e) => historyView(e, own)),
    /**
     * Extension: the approvals so far of a task that needs two (four eyes), oldest first; the
     * completing approval is the task's own update. [] otherwise.
     */
    claim:
      own && t.claimedBy !== null && t.claimedUntil !== null && t.claimedUntil.getTime() > Date.now()
        ? { claimed_by: t.claimedByLabel ?? '', until: unixSeconds(t.claimedUntil) }
        : null,
    approvals: t.approvals.map((a) => ({ updated_by: own ? a.updated_by : a.updated_by_label, at: a.at })),
    rule:
      own && t.ruleId !== null
        ? { id: t.ruleId, name: t.ruleName ?? '', action: (t.ruleAction ?? 'review') as RuleAction }
        : null,
    decided_by: own && t.updatedBy?.startsWith('rule:') ? t.updatedBy : null,
  };
}

/**
 * The actor shown to another organization: the label stored with the change; for a change stored
 * before labels were kept, only the kind of actor.
 */
function publicUpdatedBy(updatedBy: string | null, entry: TaskHistoryEntry | undefined): string | null {
  if (updatedBy === null) return null;
  if (entry?.updated_by === updatedBy && entry.updated_by_label) return entry.updated_by_label;
  if (updatedBy === SANDBOX_BANK_ACTOR) return updatedBy;
  if (updatedBy.startsWith('rule:')) return 'rule';
  return updatedBy.startsWith('api_') ? 'API key' : 'staff';
}

/** The wire entry, keys in jsonb order (as stored entries always read), with the codes' names. */
function historyView(e: TaskHistoryEntry, own: boolean) {
  return {
    at: e.at,
    note: e.note,
    status: e.status,
    updated_by: own ? e.updated_by : publicUpdatedBy(e.updated_by, e),
    status_name: taskStatusName(e.status),
    status_reason: e.status_reason,
    status_reason_name: reasonName(e.status_reason),
    ...(e.approval ? { approval: e.approval } : {}),
  };
}

/** Who changed a task: as its own organization sees it (`by`), and as others do (`label`). */
export interface TaskActor {
  by: string;
  label: string;
  /** The credential deciding (`usr:<id>`, `key:<id>`), for four eyes; absent for the system's deciders. */
  credential?: string;
}

/** The Sandbox Bank's answers carry this name for every viewer. */
const SANDBOX_BANK_ACTOR = 'sandbox-bank';

/** The history entry a change of the task appends: the task after it, `at` its modified_on. */
export function taskHistoryEntry(t: TaskRow, label: string, approval?: number): TaskHistoryEntry {
  // In jsonb key order, so the answer to the update reads exactly like a later read of the row.
  return inJsonbOrder({
    status: t.status,
    status_reason: t.statusReason,
    note: t.note,
    updated_by: t.updatedBy,
    at: unixSeconds(t.updatedAt),
    updated_by_label: label,
    ...(approval ? { approval } : {}),
  });
}

export function serializeTransaction(t: TransactionRow, lines: LineRow[]) {
  return {
    token: t.id,
    transaction_id: t.id,
    payment_id: t.paymentId,
    approval_code: t.approvalCode,
    status: t.status,
    status_name: transactionStatusName(t.status),
    batch_id: t.batchId,
    created_on: t.createdAt.toISOString(),
    initiated_on: t.initiatedAt.toISOString(),
    updated_on: t.updatedAt.toISOString(),
    transaction_lines: lines.map((l) => ({
      token: l.id,
      transaction_id: l.transactionId,
      partner_id: l.partnerId,
      amount: { currency: l.currency, total: l.amountMinor.toString() },
      direction: l.direction,
      transaction_type: l.transactionType,
    })),
  };
}

export function serializeException(e: ExceptionRow, p: PaymentRow) {
  return {
    token: e.id,
    payment_id: e.paymentId,
    organization_id: e.orgId,
    partner_id: e.partnerId,
    record_type: e.recordType,
    exception_code: e.exceptionCode,
    exception_message: e.exceptionMessage,
    blame: e.blame,
    created_at: e.createdAt.toISOString(),
    relationships: { payment: serializePayment(p) },
  };
}

type ReturnRow = typeof schema.paymentReturns.$inferSelect;

/** Where a return stands, from its payment's submission, task and exception. */
export interface ReturnState {
  status: number | null;
  transactionId: string | null;
  taskId: string | null;
  decidedAt: Date | null;
  exceptionCode: string | null;
  exceptionMessage: string | null;
}

/** A return as `viewer` (a namespace of one of its sides) sees it. */
export function serializeReturn(r: ReturnRow, s: ReturnState, viewer: string) {
  const status = returnStatusOf(s.status);
  return {
    token: r.id,
    payment_id: r.originalPaymentId,
    kind: r.kind,
    direction: viewer === r.debtorPartnerId ? ('incoming' as const) : ('outgoing' as const),
    status,
    amount: { currency: r.currency, total: r.amountMinor.toString() },
    reason: r.reason,
    reason_text: RETURN_REASONS[r.reason as ReturnReason] ?? r.reason,
    note: r.note,
    refusal:
      status === 'refused'
        ? {
            code: s.exceptionCode ?? (s.status === SUBMISSION.expired ? 'PAYMENT_EXPIRED' : 'REFUSED'),
            message: s.exceptionMessage ?? 'The return was refused',
          }
        : null,
    debtor_partner_id: r.debtorPartnerId,
    beneficiary_partner_id: r.beneficiaryPartnerId,
    transaction_id: s.transactionId,
    task_id: s.taskId,
    created_at: unixSeconds(r.createdAt),
    decided_at: status === 'requested' || !s.decidedAt ? null : unixSeconds(s.decidedAt),
  };
}
