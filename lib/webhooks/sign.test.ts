import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { signPayload, signatureHeader, verifyWebhookSignature } from './sign';
import { isBlockedAddress } from './ssrf';

const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');

describe('webhook signatures (Standard Webhooks)', () => {
  it('signs id.timestamp.body with the decoded secret bytes', () => {
    const expected = createHmac('sha256', Buffer.alloc(32, 7)).update('evt_1.1700000000.{"a":1}').digest('base64');
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
    expect(verifyWebhookSignature({ secret, headers: { ...headers, 'webhook-id': 'evt_3' }, body: 'body', now: 1700000000 })).toBe(false);
  });
});

describe('SSRF address check', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1'])('blocks %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });
  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111'])('allows %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(false);
  });
});
