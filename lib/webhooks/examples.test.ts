import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@/lib/events/types';
import { paymentSchema, submissionSchema, taskSchema, transactionSchema } from '@/lib/schemas/payments';
import { returnSchema } from '@/lib/schemas/returns';
import { liquidityPositionSchema } from '@/lib/schemas/liquidity';
import { exampleEventData } from './examples';

const ctx = {
  orgId: 'org_1',
  partnerId: 'part_1',
  domain: 'bank.test',
  webhookId: 'wh_1',
  url: 'inbox://wh_1',
};

describe('example event payloads (test events of any type)', () => {
  it('has one for every event type', () => {
    for (const type of EVENT_TYPES) {
      const data = exampleEventData(type, ctx);
      expect(data, type).toBeTypeOf('object');
      expect(Object.keys(data).length, type).toBeGreaterThan(0);
    }
  });

  it('holds the wire shapes the real events carry, with the namespace as a party', () => {
    // A wire object in an event is exactly what its schema documents (as responses are checked).
    const exact = (schema: { parse: (v: unknown) => unknown }, value: unknown) =>
      expect(JSON.parse(JSON.stringify(schema.parse(value)))).toEqual(value);
    for (const type of EVENT_TYPES) {
      const data = exampleEventData(type, ctx) as Record<string, any>;
      if (data.payment) exact(paymentSchema, data.payment);
      if (data.submission) exact(submissionSchema, data.submission);
      if (data.task) exact(taskSchema, data.task);
      if (data.transaction) exact(transactionSchema, data.transaction);
      if (data.return) exact(returnSchema, data.return);
      if (typeof data.position === 'object') exact(liquidityPositionSchema, data.position);
    }
    const created = exampleEventData('payment.created', ctx) as any;
    expect(created.payment.debtor_party.payment_address).toBe('jane@bank.test');
    expect(created.payment.partner_id).toBe('part_1');
    expect((exampleEventData('webhook.test', ctx) as any).webhook_id).toBe('wh_1');
  });

  it('makes fresh ids for each test event', () => {
    const a = exampleEventData('payment.submitted', ctx) as any;
    const b = exampleEventData('payment.submitted', ctx) as any;
    expect(a.submission.token).not.toBe(b.submission.token);
  });
});
