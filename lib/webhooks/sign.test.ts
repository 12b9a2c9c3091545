import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { signPayload, signatureHeader, verifyWebhookSignature } from './sign';

const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');

describe('webhook signatures (Standard Webhooks)', () => {
  it('signs id.timestamp.body with the decoded secret bytes', () => {
    const expected = createHmac('sha256', Buffer.alloc(32, 7))
      .update('evt_1.1700000000.{"a":1}')
      .digest('base64');
    expect(signPayload(secret, 'evt_1', 1700000000, '{"a":1}')).toBe(`v1,${expected}`);
  });

  it('verifies within the tolerance, with either signature during a rotation', () => {
    const other = 'whsec_' + Buffer.alloc(32, 9).toString('base64');
    const header = signatureHeader([other, secret], 'evt_2', 1700000000, 'body');
    const headers = { 'webhook-id': 'evt_2', 'webhook-timestamp': '1700000000', 'webhook-signature': header };
    expect(verifyWebhookSignature({ secret, headers, body: 'body', now: 1700000100 })).toBe(true);
    expect(verifyWebhookSignature({ secret: other, headers, body: 'body', now: 1700000100 })).toBe(true);
    expect(verifyWebhookSignature({ secret, headers, body: 'body!', now: 1700000100 })).toBe(false);
    expect(verifyWebhookSignature({ secret, headers, body: 'body', now: 1700000301 })).toBe(false);
    expect(
      verifyWebhookSignature({
        secret,
        headers: { ...headers, 'webhook-id': 'evt_3' },
        body: 'body',
        now: 1700000000,
      }),
    ).toBe(false);
  });
});
