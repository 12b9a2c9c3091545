import { describe, expect, it } from 'vitest';
import { idPrefixOf, recordPage } from './find';

describe('recordPage: where an id of ours opens, without asking the gateway', () => {
  it.each([
    ['acct_0mx1zk1234567890abcdef', '/accounts/acct_0mx1zk1234567890abcdef', 'Account'],
    ['batch_0mx1zk1234567890abcdef', '/settlements/batch_0mx1zk1234567890abcdef', 'Settlement batch'],
    ['wh_0mx1zk1234567890abcdef', '/webhooks/wh_0mx1zk1234567890abcdef', 'Webhook endpoint'],
    ['cus_0mx1zk1234567890abcdef', '/customers?q=cus_0mx1zk1234567890abcdef', 'Customer'],
    ['req_0mx1zk1234567890abcdef', '/logs/req_0mx1zk1234567890abcdef', 'Request'],
    ['part_0mx1zk1234567890abcdef', '/namespaces?settings=part_0mx1zk1234567890abcdef', 'Namespace'],
    ['  api_0mx1zk1234567890abcdef ', '/audit?target=api_0mx1zk1234567890abcdef', 'API key'],
    ['usr_0mx1zk1234567890abcdef', '/audit?target=usr_0mx1zk1234567890abcdef', 'User'],
    ['link_0mx1zk1234567890abcdef', '/audit?target=link_0mx1zk1234567890abcdef', 'Link'],
  ])('%s', (typed, href, kind) => {
    expect(recordPage(typed)).toMatchObject({ href, kind });
  });

  it('leaves a payment’s records, an unknown prefix and other text to the gateway', () => {
    for (const typed of [
      'txn_0mx1zk1234567890abcdef',
      'task_0mx1zk12345',
      'zzz_0mx1zk12345',
      'inv-1001',
      'Rent',
    ])
      expect(recordPage(typed)).toBeNull();
    expect(idPrefixOf('txn_0mx1zk12345')).toBe('txn');
    expect(idPrefixOf('txn_0mx')).toBeNull(); // too short to be one of ours
    expect(idPrefixOf('Jane Doe')).toBeNull();
  });
});
