import { newId } from '@/lib/ids';
import type { EventType } from '@/lib/events/types';
import { taskStatusName } from '@/lib/domain/statuses';
import { reasonName } from '@/lib/domain/reasons';

/** Who a test event is for: the endpoint's namespace, the names its examples are written with. */
export interface ExampleContext {
  orgId: string;
  partnerId: string;
  domain: string;
  webhookId: string;
  url: string;
}

/** The Sandbox Bank, every sandbox namespace's counterparty (DESIGN §5). */
const COUNTERPARTY = { partnerId: 'part_sandboxbank', orgId: 'org_sandboxbank', domain: 'sandbox-bank.test' };

/**
 * The `data` of an event of each type as the gateway sends it, for the test event a user picks
 * (`POST /webhook/{id}/test {event_type}`): the wire shapes of lib/schemas (a test parses them),
 * fresh ids each time, the endpoint's own namespace as one party and the Sandbox Bank as the
 * other. A payment of USD 25.00 from jane@<domain> to alice@sandbox-bank.test runs through them.
 */
export function exampleEventData(type: EventType, ctx: ExampleContext): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  const ids = {
    payment: `inv-${now.toString(36)}`,
    submission: newId('sub'),
    admission: newId('adm'),
    task: newId('task'),
    transaction: newId('txn'),
    exception: newId('exc'),
    link: newId('link'),
    batch: newId('batch'),
    ret: newId('rtn'),
    key: newId('api'),
  };
  const amount = { currency: 'USD', total: '2500' };
  const payment = {
    payment_id: ids.payment,
    amount,
    beneficiary_party: { payment_address: `alice@${COUNTERPARTY.domain}`, first_name: 'Alice' },
    debtor_party: { payment_address: `jane@${ctx.domain}`, first_name: 'Jane', last_name: 'Doe' },
    reference: 'Invoice 1001',
    payment_type: 'Type_Push',
    device: {},
    location: {},
    organization_id: ctx.orgId,
    partner_id: ctx.partnerId,
    return_of: null,
  };
  const iso = (s: number) => new Date(s * 1000).toISOString();
  const submission = (status: number, name: string, transactionId: string | null = null) => ({
    token: ids.submission,
    organization_id: ctx.orgId,
    partner_id: ctx.partnerId,
    payment_id: ids.payment,
    admission_id: ids.admission,
    workflow: 'push.v1',
    status,
    status_name: name,
    submission_time: now,
    transaction_id: transactionId,
    liquidity_queued_at: null,
    relationships: { payment: { ...payment, expires_at: now + 86_400, initiated_at: now - 5 } },
  });
  const task = (status: number, reason: number, updatedBy: string | null) => ({
    token: ids.task,
    admission_id: ids.admission,
    payment_id: ids.payment,
    organization_id: ctx.orgId,
    partner_id: ctx.partnerId,
    name: 'beneficiary_admission',
    workflow: 'push.v1',
    assignee: 1,
    status,
    status_name: taskStatusName(status),
    status_reason: reason,
    status_reason_name: reasonName(reason),
    note: null,
    updated_by: updatedBy,
    expires_at: now + 86_400,
    created_on: now - 2,
    modified_on: now,
    history: updatedBy
      ? [
          {
            status,
            status_name: taskStatusName(status),
            status_reason: reason,
            status_reason_name: reasonName(reason),
            note: null,
            updated_by: updatedBy,
            at: now,
          },
        ]
      : [],
    claim: null,
    approvals: [],
    rule: null,
    decided_by: null,
  });
  const transaction = {
    token: ids.transaction,
    transaction_id: ids.transaction,
    payment_id: ids.payment,
    approval_code: 'A7K2Q9',
    status: 2,
    status_name: 'processing',
    batch_id: null,
    created_on: iso(now),
    initiated_on: iso(now - 5),
    updated_on: iso(now),
    transaction_lines: [
      { partner: ctx.partnerId, direction: 'TD_Debit' },
      { partner: COUNTERPARTY.partnerId, direction: 'TD_Credit' },
    ].map((l) => ({
      token: newId('line'),
      transaction_id: ids.transaction,
      partner_id: l.partner,
      amount,
      direction: l.direction,
      transaction_type: 'TT_PAYMENT',
    })),
  };
  const link = (status: string) => ({
    link_id: ids.link,
    requester_partner_id: ctx.partnerId,
    counterparty_partner_id: COUNTERPARTY.partnerId,
    requester_domain: ctx.domain,
    counterparty_domain: COUNTERPARTY.domain,
    status,
  });
  const ret = (status: string, decidedAt: number | null) => ({
    token: ids.ret,
    payment_id: ids.payment,
    kind: 'request',
    direction: 'incoming',
    status,
    amount,
    reason: 'DUPL',
    reason_text: 'Duplicate payment',
    note: 'Paid twice by mistake',
    refusal: null,
    debtor_partner_id: ctx.partnerId,
    beneficiary_partner_id: COUNTERPARTY.partnerId,
    transaction_id: status === 'returned' ? newId('txn') : null,
    task_id: newId('task'),
    created_at: now - 60,
    decided_at: decidedAt,
  });
  const position = {
    partner_id: ctx.partnerId,
    currency: 'USD',
    balance: '1000000',
    cap: '500000',
    unlimited: false,
    allow_unsecured: false,
    limit: '500000',
    position: '387500',
    headroom: '112500',
    utilisation: 77.5,
    queued_count: 0,
    queued_amount: '0',
    thresholds: [75, 90],
    updated_at: now,
  };
  const rejected = {
    token: ids.exception,
    exception_code: 'INSUFFICIENT_FUNDS',
    blame: 'beneficiary_party',
  };
  const rule = (enabled: boolean) => ({
    id: 'rul_0mbx3k2p9a1b2c3d4e5f6g7h8',
    partner_id: ctx.partnerId,
    name: 'Known counterparties up to 5,000.00',
    task_names: ['beneficiary_admission'],
    conditions: { amount_max: '500000', counterparty_known: true },
    action: 'accept',
    reason: null,
    note: null,
    enabled,
    position: 1,
    hits: { last_24h: 0, last_30d: 0 },
    created_by: 'admin@bank.example',
    updated_by: 'admin@bank.example',
    created_at: now,
    updated_at: now,
  });
  const examples: Record<EventType, () => Record<string, unknown>> = {
    'link.propose.req': () => link('proposed'),
    'link.create.resp': () => link('established'),
    link_established: () => link('established'),
    link_update_resp: () => link('suspended'),
    'payment.created': () => ({
      payment: { ...payment, expires_at: iso(now + 86_400), initiated_at: iso(now) },
    }),
    'payment.submitted': () => ({ submission: submission(1, 'pending') }),
    'admission_task.created': () => ({ task: task(1, 0, null) }),
    'admission_task.updated': () => ({ task: task(2, 1, `${COUNTERPARTY.domain} (API key)`) }),
    'payment.admitted': () => ({ submission: submission(3, 'admitted', ids.transaction) }),
    'payment.rejected': () => ({ submission: submission(4, 'rejected'), exception: rejected }),
    'payment.expired': () => ({ submission: submission(5, 'expired') }),
    'transaction.created': () => ({ transaction }),
    'settlement.batch.completed': () => ({
      batch_id: ids.batch,
      currency: 'USD',
      cutoff_time: now,
      root_hash: 'q3v0y5cJt1bQG7b4mV3Jm2pQm5bXh1sC9Kq8n2f0aLs=',
      kind: 'debtor',
      amount: '2500',
      txn_count: 1,
    }),
    'settlement.batch.failed': () => ({ batch_id: ids.batch, currency: 'USD', cutoff_time: now }),
    'api_key.rotated': () => ({
      api_key_id: ids.key,
      name: 'Core banking',
      secret_key_last4: 'x7Qe',
      previous_secret_key_last4: 'b2Rk',
      previous_secret_expires_at: now + 86_400,
    }),
    'api_key.expiry_changed': () => ({
      api_key_id: ids.key,
      name: 'Core banking',
      expires_at: now + 90 * 86_400,
      previous_expires_at: null,
    }),
    'liquidity.threshold': () => ({
      partner_id: ctx.partnerId,
      currency: 'USD',
      threshold: 75,
      utilisation: 77.5,
      position: '387500',
      limit: '500000',
      cap: '500000',
      balance: '1000000',
      allow_unsecured: false,
    }),
    'liquidity.cap_reached': () => ({
      partner_id: ctx.partnerId,
      currency: 'USD',
      payment_id: ids.payment,
      amount: '150000',
      position: '387500',
      limit: '500000',
      headroom: '112500',
      outcome: 'rejected',
    }),
    'liquidity.updated': () => ({ change: 'limits', note: 'Cap raised for month end', position }),
    'return.requested': () => ({ return: ret('requested', null) }),
    'return.decided': () => ({ return: ret('returned', now) }),
    'payment.returned': () => ({ return: ret('returned', now), returned_amount: '2500' }),
    'rule.created': () => ({ rule: rule(true) }),
    'rule.updated': () => ({ rule: rule(false) }),
    'rule.deleted': () => ({ rule: rule(false) }),
    'webhook.disabled': () => ({ webhook_id: ctx.webhookId, url: ctx.url }),
    'webhook.test': () => ({ webhook_id: ctx.webhookId, message: 'This is a test event' }),
  };
  return examples[type]();
}
