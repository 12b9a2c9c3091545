import { beforeAll, describe, expect, it } from 'vitest';
import { api, expectError } from './helpers';
import {
  admissionTasks,
  createAndSubmit,
  createBank,
  link,
  pushBody,
  waitForStatus,
  workTask,
  type Bank,
} from './payments-helpers';

// Payment search on GET /payments: each filter and their combinations answer exactly the payments
// they name, newest first, within the caller's namespace only.

let a: Bank;
let b: Bank;
let c: Bank;
/** A's payments by name: their payment ids. */
const id: Record<string, string> = {};
let admitted: { admission_id: string; transaction_id: string; task_id: string };

const found = async (bank: Bank, query: string) => {
  const res = await api('GET', `/payments?${query}`, bank.key);
  expect(res.status, res.text).toBe(200);
  return res.body.data.payments.map((p: { payment_id: string }) => p.payment_id) as string[];
};

const party = (address: string, first: string, last: string, type: string) => ({
  payment_address: address,
  first_name: first,
  last_name: last,
  type,
});

beforeAll(async () => {
  [a, b, c] = await Promise.all([createBank(), createBank(), createBank()]);
  await link(a, b);
  await link(c, b);
  // Created one after another, so the newest-first order is this list's reverse.
  const plan: Array<[string, Bank, ReturnType<typeof pushBody>]> = [
    [
      'alice',
      a,
      pushBody(a, `alice.smith@${b.domain}`, '2500', {
        beneficiary_party: party(`alice.smith@${b.domain}`, 'Alice', 'Smith', 'Payee_Individual'),
        reference: 'Invoice 7731',
      }),
    ],
    [
      'bob',
      a,
      pushBody(a, `bob@${b.domain}`, '1500000', {
        beneficiary_party: party(`bob@${b.domain}`, 'Bob', 'Jones', 'Payee_Individual'),
        reference: 'rent 100%_march',
      }),
    ],
    [
      'euro',
      a,
      pushBody(a, `carol@${b.domain}`, '999', {
        amount: { currency: 'EUR', total: '999' },
        reference: 'invoice 7731-B',
      }),
    ],
    [
      'incoming',
      b,
      pushBody(b, `ann@${a.domain}`, '2500', {
        debtor_party: party(`dave@${b.domain}`, 'Dave', 'Smithers', 'Payer_Individual'),
        reference: 'refund',
      }),
    ],
  ];
  for (const [name, bank, body] of plan) {
    id[name] = body.payment_id;
    await api('POST', '/payments', { ...bank.key, body }).then((r) => expect(r.status, r.text).toBe(200));
  }
  // Another organization's payment to an Alice Smith too: never in A's answers.
  const other = pushBody(c, `alice.smith@${b.domain}`, '2500', { reference: 'Invoice 7731' });
  await createAndSubmit(c, other);
  id.other = other.payment_id;

  // Alice's payment submitted and admitted by B: it has an admission, a task and a transaction.
  const sub = await api('POST', `/payments/${id.alice}/submissions`, a.key);
  expect(sub.status, sub.text).toBe(200);
  const [task] = await admissionTasks(a, id.alice!, sub.body.data.admission_id);
  const done = await workTask(b, id.alice!, sub.body.data.admission_id, task!.token, {
    status: 'completed',
    status_reason: 'accepted',
  });
  expect(done.status, done.text).toBe(200);
  const admittedSub = await waitForStatus(a, id.alice!, [3]);
  admitted = {
    admission_id: sub.body.data.admission_id,
    transaction_id: admittedSub.transaction_id,
    task_id: task!.token,
  };
});

describe('GET /payments: search', () => {
  it('finds by a fragment of either party’s address or name, in any case', async () => {
    expect(await found(a, 'party=alice')).toEqual([id.alice]);
    expect(await found(a, 'party=SMITH')).toEqual([id.incoming, id.alice]); // Smith, Smithers
    expect(await found(a, 'party=ice%20Smi')).toEqual([id.alice]); // first and last name as one text
    expect(await found(a, `party=${encodeURIComponent(`@${b.domain}`)}`)).toEqual([
      id.incoming,
      id.euro,
      id.bob,
      id.alice,
    ]);
    expect(await found(a, 'party=nobody-at-all')).toEqual([]);
  });

  it('finds by a fragment of the reference; % and _ are the characters themselves', async () => {
    expect(await found(a, 'reference=invoice%207731')).toEqual([id.euro, id.alice]);
    expect(await found(a, 'reference=0%25_m')).toEqual([id.bob]);
    expect(await found(a, 'reference=7_31')).toEqual([]);
  });

  it('finds by amount range in minor units, by currency and by counterparty', async () => {
    expect(await found(a, 'amount_min=2500&amount_max=2500')).toEqual([id.incoming, id.alice]);
    expect(await found(a, 'amount_min=2501')).toEqual([id.bob]);
    expect(await found(a, 'amount_max=2499')).toEqual([id.euro]);
    expect(await found(a, 'currency=EUR')).toEqual([id.euro]);
    expect(await found(a, 'currency=USD')).toEqual([id.incoming, id.bob, id.alice]);
    expect(await found(a, `counterparty=${b.partnerId}`)).toEqual([id.incoming, id.euro, id.bob, id.alice]);
    expect(await found(a, `counterparty=${c.partnerId}`)).toEqual([]);
    // B sees the same payments from the other side.
    expect(await found(b, `counterparty=${a.partnerId}&amount_min=2500&amount_max=2500`)).toEqual([
      id.incoming,
      id.alice,
    ]);
  });

  it('finds the payment of a transaction, an admission or a task, for its parties only', async () => {
    for (const q of [
      `transaction_id=${admitted.transaction_id}`,
      `admission_id=${admitted.admission_id}`,
      `task_id=${admitted.task_id}`,
    ]) {
      expect(await found(a, q), q).toEqual([id.alice]);
      expect(await found(b, q), q).toEqual([id.alice]);
      expect(await found(c, q), q).toEqual([]);
    }
    expect(await found(a, 'transaction_id=txn_missing')).toEqual([]);
  });

  it('combines every filter, the status and the created range included', async () => {
    expect(await found(a, 'party=smith&status=admitted')).toEqual([id.alice]);
    expect(await found(a, 'party=smith&status=unsubmitted')).toEqual([id.incoming]);
    expect(await found(a, 'reference=7731&currency=USD&amount_min=100')).toEqual([id.alice]);
    expect(await found(a, `counterparty=${b.partnerId}&status=unsubmitted&currency=USD`)).toEqual([
      id.incoming,
      id.bob,
    ]);
    expect(await found(a, `task_id=${admitted.task_id}&status=pending`)).toEqual([]);
    // A stored status with a fragment, from either side: C's payment to B awaits B's task.
    expect(await found(c, 'party=smith&status=pending')).toEqual([id.other]);
    expect(await found(b, 'party=alice.smith&status=pending')).toEqual([id.other]);
    expect(await found(b, 'reference=7731&status=pending')).toEqual([id.other]);
    expect(await found(b, 'party=alice.smith&status=rejected')).toEqual([]);
    expect(await found(a, 'party=smith&status=pending')).toEqual([]);
    expect(await found(a, `party=alice&payment_id=${id.alice!.slice(0, 12)}`)).toEqual([id.alice]);
    expect(await found(a, 'currency=EUR&status=unsubmitted')).toEqual([id.euro]);
    expect(await found(a, 'currency=EUR&status=pending')).toEqual([]);
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect(await found(a, `party=alice&created_from=${future}`)).toEqual([]);
  });

  it('counts the found rows and pages them by cursor under the same filters', async () => {
    const page1 = await api('GET', `/payments?counterparty=${b.partnerId}&limit=3`, a.key);
    expect(page1.body.data).toMatchObject({ count: 4, count_capped: false, has_more: true });
    const page2 = await api(
      'GET',
      `/payments?counterparty=${b.partnerId}&limit=3&cursor=${page1.body.data.next_cursor}`,
      a.key,
    );
    expect(page2.body.data.payments.map((p: { payment_id: string }) => p.payment_id)).toEqual([id.alice]);
    expectError(
      await api('GET', `/payments?party=alice&limit=3&cursor=${page1.body.data.next_cursor}`, a.key),
      400,
      'error.bad_request',
    );
  });

  it('answers 400 with the rule for a malformed search', async () => {
    const cases: Array<[string, string]> = [
      ['party=al', 'party must be 3 to 100 characters'],
      [`reference=${'x'.repeat(101)}`, 'reference must be 3 to 100 characters'],
      ['amount_min=12.50', 'amount_min must be digits in minor units'],
      ['amount_max=-1', 'amount_max must be digits in minor units'],
      ['amount_min=500&amount_max=100', 'amount_min must not exceed amount_max'],
      ['currency=usd', 'currency: must be an ISO 4217 code'],
      [`transaction_id=${'t'.repeat(65)}`, 'transaction_id'],
    ];
    for (const [q, message] of cases) {
      const res = await api('GET', `/payments?${q}`, a.key);
      expectError(res, 400, 'error.bad_request');
      expect(res.body.message, q).toContain(message);
    }
  });
});

describe('GET /payments/export', () => {
  it('streams the filtered list as CSV: the list’s rows in its order, minor units and units, UTC times', async () => {
    const res = await api('GET', `/payments/export?counterparty=${b.partnerId}`, a.key);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('payments.csv');
    const lines = res.text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(
      'payment_id,created_at,direction,payment_type,status,currency,amount_minor,amount,debtor_address,debtor_name,debtor_namespace,beneficiary_address,beneficiary_name,beneficiary_namespace,reference,transaction_id',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      await found(a, `counterparty=${b.partnerId}&limit=100`),
    );
    const alice = (await api('GET', `/payments/${id.alice}`, a.key)).body.data;
    const created = (await api('GET', `/payments?party=alice`, a.key)).body.data.payments[0];
    expect(created.payment_id).toBe(id.alice);
    const row = lines.find((l) => l.startsWith(`${id.alice},`))!.split(',');
    // Admitted, or settled by a cut-off another suite ran meanwhile (one network for all tests).
    expect(['admitted', 'settled']).toContain(row[4]);
    expect(row).toEqual([
      id.alice,
      row[1],
      'outgoing',
      'Type_Push',
      row[4],
      'USD',
      '2500',
      '25.00',
      `payer@${a.domain}`,
      'Pat Payer',
      a.partnerId,
      `alice.smith@${b.domain}`,
      'Alice Smith',
      b.partnerId,
      'Invoice 7731',
      admitted.transaction_id,
    ]);
    expect(row[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(alice.payment_id).toBe(id.alice);
    const incoming = lines.find((l) => l.startsWith(`${id.incoming},`))!.split(',');
    expect(incoming.slice(2, 8)).toEqual(['incoming', 'Type_Push', 'unsubmitted', 'USD', '2500', '25.00']);
    // EUR has two decimals too; a search with no match is the header alone.
    const euro = await api('GET', '/payments/export?currency=EUR', a.key);
    expect(euro.text.split('\r\n')[1]!.split(',').slice(5, 8)).toEqual(['EUR', '999', '9.99']);
    expect((await api('GET', '/payments/export?party=nobody-at-all', a.key)).text.split('\r\n')).toHaveLength(
      2,
    );
  });

  it('refuses bad filters before the first byte, and is scoped to the namespace', async () => {
    expectError(
      await api('GET', '/payments/export?amount_min=9&amount_max=1', a.key),
      400,
      'error.bad_request',
    );
    expectError(await api('GET', '/payments/export?status=lost', a.key), 400, 'error.bad_request');
    const theirs = await api('GET', `/payments/export?party=alice`, c.key);
    expect(
      theirs.text
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(',')[0]),
    ).toEqual([id.other]);
  });

  it('reserves the payment id "export" for the export', async () => {
    const res = await api('POST', '/payments', {
      ...a.key,
      body: pushBody(a, `bob@${b.domain}`, '100', { payment_id: 'export' }),
    });
    expectError(res, 400, 'error.bad_request');
    expect(res.body.message).toContain('payment_id "export" is reserved');
  });
});
