import { describe, expect, it } from 'vitest';
import { api, uniq } from './helpers';
import { createBank, link, linkedBanks, pushBody, type Bank } from './payments-helpers';

// The payments search finds a payment by the name its party's customer record has, whatever name
// (or none) the payment was sent with: a caller gives their name, support finds the payment.

const found = async (bank: Bank, query: string) => {
  const res = await api('GET', `/payments?${query}`, bank.key);
  expect(res.status, res.text).toBe(200);
  return res.body.data.payments.map((p: { payment_id: string }) => p.payment_id) as string[];
};

const customer = async (bank: Bank, address: string, first: string, last: string) => {
  const res = await api('POST', '/customer', {
    ...bank.key,
    body: { payment_address: address, first_name: first, last_name: last },
  });
  expect(res.status, res.text).toBe(200);
};

const pay = async (from: Bank, body: ReturnType<typeof pushBody>) => {
  const res = await api('POST', '/payments', { ...from.key, body });
  expect(res.status, res.text).toBe(200);
  return body.payment_id;
};

describe('GET /payments?party= by the customer record’s name', () => {
  it('finds a payment by either party’s customer name (full, first, last, any case), on both sides', async () => {
    const [a, b] = await linkedBanks();
    const u = uniq().replace(/\d/g, 'x');
    // B's customer Jane Doe<u>; A's customer Kofi Mensah<u>; the payments carry other names.
    await customer(b, `jd${u}@${b.domain}`, 'Jane', `Doe${u}`);
    await customer(a, `km${u}@${a.domain}`, 'Kofi', `Mensah${u}`);
    const toJane = await pay(
      a,
      pushBody(a, `jd${u}@${b.domain}`, '1200', {
        debtor_party: { payment_address: `km${u}@${a.domain}`, first_name: 'K.' },
        beneficiary_party: { payment_address: `jd${u}@${b.domain}`, first_name: 'J', last_name: 'D' },
      }),
    );
    const other = await pay(a, pushBody(a, `someone@${b.domain}`, '1300'));

    // The beneficiary's namespace finds it by its own customer's name…
    expect(await found(b, `party=${encodeURIComponent(`jane doe${u}`)}`)).toEqual([toJane]);
    expect(await found(b, `party=${encodeURIComponent(`DOE${u}`)}`)).toEqual([toJane]);
    expect(await found(b, `party=${encodeURIComponent(`Jane Doe${u}`)}&order=asc`)).toEqual([toJane]);
    // …and the debtor's namespace by its own customer's, and by the counterparty's as the other party.
    expect(await found(a, `party=${encodeURIComponent(`kofi mensah${u}`)}`)).toEqual([toJane]);
    expect(await found(a, `party=${encodeURIComponent(`doe${u}`)}`)).toEqual([toJane]);
    // A name in no record nor payment finds nothing; a reference fragment is no party.
    expect(await found(b, `party=${encodeURIComponent(`jane roe${u}`)}`)).toEqual([]);
    expect(await found(b, `party=${encodeURIComponent('invoice 42')}`)).toEqual([]);
    expect((await found(b, 'party=someone')).includes(other)).toBe(true);
    // The customer's name is not shown as the payment's: the payment keeps the names it was sent with.
    const read = await api('GET', `/payments/${toJane}`, b.key);
    expect(read.body.data.beneficiary_party).toMatchObject({ first_name: 'J', last_name: 'D' });
    expect(JSON.stringify(read.body.data)).not.toContain(`Doe${u}`);
  });

  it('a customer created after its payments is found on them; another namespace’s search does not reach them', async () => {
    const [a, b, c] = await Promise.all([createBank(), createBank(), createBank()]);
    await link(a, b);
    await link(c, b);
    const u = uniq().replace(/\d/g, 'y');
    const before = await pay(
      a,
      pushBody(a, `late${u}@${b.domain}`, '900', {
        beneficiary_party: { payment_address: `late${u}@${b.domain}` },
      }),
    );
    const fromC = await pay(
      c,
      pushBody(c, `late${u}@${b.domain}`, '901', {
        beneficiary_party: { payment_address: `late${u}@${b.domain}` },
      }),
    );
    expect(await found(b, `party=${encodeURIComponent(`ada late${u}`)}`)).toEqual([]);
    await customer(b, `late${u}@${b.domain}`, 'Ada', `Late${u}`);
    expect(await found(b, `party=${encodeURIComponent(`ada late${u}`)}`)).toEqual([fromC, before]);
    expect(await found(a, `party=${encodeURIComponent(`ada late${u}`)}`)).toEqual([before]);
    expect(await found(c, `party=${encodeURIComponent(`ada late${u}`)}`)).toEqual([fromC]);
  });
});
