import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  baseUrl,
  operatorToken,
  settleEarlierFiles,
  totalAnswer,
  uniq,
  type ApiResponse,
} from '../helpers';
import { createBank } from '../payments-helpers';

// A cut-off settles every cleared transaction of the network, which would race with the other
// files' assertions on transaction status: this file runs in the api-cutoffs project, whose server
// serves the files that run cut-offs, one at a time (vitest.config.ts).
beforeAll(settleEarlierFiles, 60_000);

/** A request with its headers as given: the file varies them one at a time (tenant headers). */
const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  api(method, path, { headers, body });
/** The refusal of a time outside the API's range (lib/schemas/common.ts), naming the field. */
const outOfRange = (name: string) =>
  `${name}: ${name} must be Unix seconds, an integer from 0 (1970-01-01T00:00:00Z) to 253402300799 (9999-12-31T23:59:59Z)`;

/** A sandbox organization with an all-access key, as the headers its calls send. */
async function bank() {
  const b = await createBank();
  return {
    h: { 'x-service-api-key': b.key.apiKey, 'x-org-id': b.orgId, 'x-partner-id': b.partnerId },
    jwt: { authorization: `Bearer ${b.token}`, 'x-org-id': b.orgId, 'x-partner-id': b.partnerId },
    ns: { token: b.partnerId, domain: b.domain },
    orgId: b.orgId,
  };
}

async function paySandbox(b: Awaited<ReturnType<typeof bank>>, total: string, currency = 'USD') {
  const paymentId = `p-${uniq()}`;
  const created = await call('POST', '/payments', b.h, {
    payment_id: paymentId,
    amount: { currency, total },
    debtor_party: { payment_address: `me@${b.ns.domain}` },
    beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
    payment_type: 'Type_Push',
  });
  expect(created.status).toBe(200);
  expect((await call('POST', `/payments/${paymentId}/submissions`, b.h)).status).toBe(200);
  for (let i = 0; i < 60; i++) {
    const s = await call('GET', `/payments/${paymentId}/submissions`, b.h);
    if (s.body.data.status === 3) return { paymentId, transactionId: s.body.data.transaction_id as string };
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('payment was not admitted');
}

async function operator() {
  return { authorization: `Bearer ${await operatorToken()}` };
}

describe('settlement over HTTP', () => {
  it('operator cut-off → partner sees batch, leaf, positions, proof and settled transactions', async () => {
    const a = await bank();
    const t1 = await paySandbox(a, '1500');
    const t2 = await paySandbox(a, '700');
    const t3 = await paySandbox(a, '900', 'EUR');
    const admitted = await call('GET', '/payments?status=admitted&limit=100', a.h);
    expect(admitted.body.data.payments.map((p: any) => p.submission_status)).toEqual([3, 3, 3]);
    expect(
      (await call('GET', `/payments/${t1.paymentId}/transactions`, a.h)).body.data.transactions,
    ).toMatchObject([{ status: 2, batch_id: null }]);
    const op = await operator();
    expect((await call('POST', '/settlements', a.jwt)).status).toBe(403);
    const cut = await call('POST', '/settlements', op);
    expect(cut.status).toBe(200);
    expect(cut.body.data.ran).toBe(true);

    const list = await call('GET', '/settlements', a.h);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-partner-id')).toBe(a.ns.token);
    expect(list.headers.get('x-org-id')).toBe(a.orgId);
    expect(list.headers.get('x-csp-version')).toBe('gateway-csp/v0.1.0');
    // Next.js drops Content-Length from route-handler answers (docs/decisions.md); the standalone host sends it.
    if (inject('host') === 'standalone')
      expect(Number(list.headers.get('content-length'))).toBeGreaterThan(0);
    expect(list.body.data.total).toBe(2);
    const usd = list.body.data.batches.find((b: any) => b.currency === 'USD');
    expect(usd).toMatchObject({ status: 'COMPLETED', txn_count: 2 });
    expect(typeof usd.cutoff_time).toBe('number');

    const details = await call('GET', `/settlements/${usd.token}`, a.h);
    expect(details.status).toBe(200);
    expect(details.body.data.merkle_root).toMatchObject({ version: 'v1', root_hash: expect.any(String) });
    expect(details.body.data.merkle_leaf).toMatchObject({
      partner_id: a.ns.token,
      kind: 'debtor',
      amount: '2200',
    });
    expect(details.body.data.positions).toEqual([
      {
        counterparty_id: expect.stringMatching(/^part_/),
        counterparty_name: 'Sandbox Bank',
        counterparty_domain: 'sandbox-bank.test',
        currency: 'USD',
        position_type: 'Debit',
        net_amount: '2200',
      },
    ]);

    const proof = await call('GET', `/settlements/${usd.token}/proof`, a.h);
    expect(proof.body.data).toMatchObject({
      leaf_hash: details.body.data.merkle_leaf.leaf_hash,
      root_hash: details.body.data.merkle_root.root_hash,
    });
    const { verifyInclusion } = await import('@/lib/settlement/merkle');
    expect(
      await verifyInclusion({
        leafHash: proof.body.data.leaf_hash,
        leafIndex: proof.body.data.leaf_index,
        treeSize: proof.body.data.tree_size,
        auditPath: proof.body.data.audit_path,
        rootHash: proof.body.data.root_hash,
      }),
    ).toBe(true);

    const txns = await call('GET', `/settlements/${usd.token}/transactions`, a.jwt);
    expect(txns.body.data.total).toBe(2);
    expect(txns.body.data.transactions.map((t: any) => t.transaction_id).sort()).toEqual(
      [t1.transactionId, t2.transactionId].sort(),
    );
    const one = await call('GET', `/settlements/${usd.token}/transactions/${t1.transactionId}`, a.h);
    expect(one.body.data).toMatchObject({ transaction_id: t1.transactionId, status: 3, batch_id: usd.token });
    expect(
      (await call('GET', `/settlements/${usd.token}/transactions/${t3.transactionId}`, a.h)).status,
    ).toBe(404);
    // Every payment read shows the settlement: submission 6, transaction 3 in the batch.
    expect((await call('GET', `/payments/${t1.paymentId}/submissions`, a.h)).body.data).toMatchObject({
      status: 6,
      status_name: 'settled',
    });
    const paymentTxns = await call('GET', `/payments/${t1.paymentId}/transactions`, a.h);
    expect(paymentTxns.body.data.transactions).toMatchObject([
      { transaction_id: t1.transactionId, status: 3, batch_id: usd.token },
    ]);
    const settledPayments = await call('GET', '/payments?status=settled&limit=100', a.h);
    expect(
      settledPayments.body.data.payments.map((p: any) => [p.payment_id, p.submission_status]).sort(),
    ).toEqual([t1.paymentId, t2.paymentId, t3.paymentId].map((id) => [id, 6]).sort());
    expect((await call('GET', '/payments?status=admitted', a.h)).body.data.count).toBe(0);

    // Filters.
    expect((await call('GET', '/settlements?status=FAILED', a.h)).body.data.total).toBe(0);
    expect(
      (await call(`GET`, `/settlements?cutoff_from=${usd.cutoff_time}&cutoff_to=${usd.cutoff_time}`, a.h))
        .body.data.total,
    ).toBe(2);
    expect((await call(`GET`, `/settlements?cutoff_to=${usd.cutoff_time - 1}`, a.h)).body.data.total).toBe(0);
    expect((await call('GET', '/settlements?limit=1&page=2', a.h)).body.data.batches).toHaveLength(1);
    for (const q of ['status=DONE', 'limit=0', 'limit=101', 'page=0', 'cutoff_from=soon', 'cutoff_to=-1']) {
      const bad = await call('GET', `/settlements?${q}`, a.h);
      expect(bad.status, q).toBe(400);
      expect(bad.body.code).toBe('error.bad_request');
    }
    // A time past 9999-12-31 (milliseconds for seconds, say) is refused by name: 400, never 500.
    for (const [path, name] of [
      ['/settlements?cutoff_from=99999999999999', 'cutoff_from'],
      ['/settlements?cutoff_to=253402300800', 'cutoff_to'],
      ['/settlements/export?cutoff_from=1000000000000', 'cutoff_from'],
    ] as const) {
      const bad = await call('GET', path, a.h);
      expect([bad.status, bad.body], path).toEqual([
        400,
        { code: 'error.bad_request', message: outOfRange(name), field: name },
      ]);
    }
    // The bounds themselves are times: every batch lies between them.
    const edges = await call('GET', '/settlements?cutoff_from=0&cutoff_to=253402300799', a.h);
    expect(edges.body).toEqual((await call('GET', '/settlements', a.h)).body);

    // Another namespace did not take part: 404, and its list is empty.
    const b = await bank();
    const foreign = await call('GET', `/settlements/${usd.token}`, b.h);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('error.not_found');
    expect((await call('GET', `/settlements/${usd.token}/proof`, b.h)).status).toBe(404);
    expect((await call('GET', '/settlements', b.h)).body.data.total).toBe(0);

    // Required headers.
    expect(
      (
        await call('GET', '/settlements', {
          'x-service-api-key': a.h['x-service-api-key'],
          'x-partner-id': a.ns.token,
        })
      ).status,
    ).toBe(400);
    expect((await call('GET', '/settlements', {})).status).toBe(401);

    // The operator sees the network's batches and figures.
    const net = await call('GET', '/operator/settlements', op);
    expect(net.body.data.batches.some((x: any) => x.token === usd.token)).toBe(true);
    const stats = await call('GET', '/operator/stats', op);
    expect(stats.body.data.transactions_settled).toBeGreaterThanOrEqual(3);

    // One batch as the operator sees it: summary, root, and every participant's leaf (the bank
    // and the Sandbox Bank: the bank paid 2,200 out, the Sandbox Bank took it in).
    const network = await call('GET', `/operator/settlements/${usd.token}`, op);
    expect(network.status).toBe(200);
    expect(network.body.data.batch).toMatchObject({ token: usd.token, status: 'COMPLETED', currency: 'USD' });
    expect(network.body.data.batch.root_hash).toEqual(details.body.data.merkle_root.root_hash);
    expect(network.body.data.total).toBe(2);
    expect(network.body.data.has_more).toBe(false);
    const mine = network.body.data.participants.find((p: any) => p.partner_id === a.ns.token);
    expect(mine).toMatchObject({ domain: a.ns.domain, kind: 'debtor', amount: '2200', txn_count: 2 });
    const other = network.body.data.participants.find((p: any) => p.partner_id !== a.ns.token);
    expect(other).toMatchObject({ domain: 'sandbox-bank.test', kind: 'creditor', amount: '2200' });
    expect((await call('GET', `/operator/settlements/${usd.token}`, a.jwt)).status).toBe(403);
    const missing = await call('GET', '/operator/settlements/batch_nope', op);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('error.not_found');
  }, 60_000);

  it('the three endpoints with a JWT: tenant headers required and matched, answered on details, X-Csp-Version on errors, strangers 404', async () => {
    const a = await bank();
    const stranger = await bank();
    const t = await paySandbox(a, '4200');
    const op = await operator();
    const cut = await call('POST', '/settlements', op);
    expect(cut.status).toBe(200);
    const batch = (await call('GET', '/settlements', a.jwt)).body.data.batches[0];
    expect(batch).toMatchObject({ status: 'COMPLETED', currency: 'USD', txn_count: 1 });
    const paths = ['/settlements', `/settlements/${batch.token}`, `/settlements/${batch.token}/transactions`];
    const tenantHeaders = (r: ApiResponse) => [
      r.headers.get('x-partner-id'),
      r.headers.get('x-org-id'),
      r.headers.get('x-csp-version'),
    ];

    // The JWT with both tenant headers: 200, and the tenant headers on every answer, details included.
    for (const p of paths) {
      const res = await call('GET', p, a.jwt);
      expect(res.status, p).toBe(200);
      expect(tenantHeaders(res), p).toEqual([a.ns.token, a.orgId, 'gateway-csp/v0.1.0']);
    }
    const details = await call('GET', `/settlements/${batch.token}`, a.jwt);
    expect(details.body.data.summary).toEqual(batch);
    expect(details.body.data.merkle_leaf).toMatchObject({
      partner_id: a.ns.token,
      kind: 'debtor',
      amount: '4200',
    });
    const viaKey = await call('GET', `/settlements/${batch.token}`, a.h);
    expect(tenantHeaders(viaKey)).toEqual([a.ns.token, a.orgId, 'gateway-csp/v0.1.0']);
    expect(viaKey.body).toEqual(details.body);
    const txns = await call('GET', `/settlements/${batch.token}/transactions`, a.jwt);
    expect(txns.body.data.total).toBe(1);
    expect(txns.body.data.transactions).toMatchObject([
      { transaction_id: t.transactionId, payment_id: t.paymentId, status: 3, batch_id: batch.token },
    ]);
    expect(
      (await call('GET', `/settlements/${batch.token}/transactions?limit=1&page=2`, a.jwt)).body.data,
    ).toEqual(totalAnswer(1, { transactions: [] }));

    // Errors carry X-Csp-Version and no tenant headers.
    const refused = (res: ApiResponse, status: number, code: string, message: string | RegExp) => {
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect(res.body.message).toMatch(message);
      expect(tenantHeaders(res)).toEqual([null, null, 'gateway-csp/v0.1.0']);
    };
    const without = (h: Record<string, string>, name: string) =>
      Object.fromEntries(Object.entries(h).filter(([k]) => k !== name));
    const jwtWithoutOrg = without(a.jwt, 'x-org-id');
    const jwtWithoutPartner = without(a.jwt, 'x-partner-id');
    for (const p of paths) {
      refused(
        await call('GET', p, jwtWithoutOrg),
        400,
        'error.bad_request',
        'Missing required header x-org-id',
      );
      refused(
        await call('GET', p, jwtWithoutPartner),
        400,
        'error.bad_request',
        'Missing required header x-partner-id',
      );
      refused(
        await call('GET', p, { ...a.jwt, 'x-org-id': stranger.orgId }),
        401,
        'error.unauthorized',
        'x-org-id does not match the access token',
      );
      refused(
        await call('GET', p, { ...a.h, 'x-org-id': stranger.orgId }),
        401,
        'error.unauthorized',
        'x-org-id does not match the API key',
      );
      refused(
        await call('GET', p, { ...a.jwt, 'x-partner-id': stranger.ns.token }),
        401,
        'error.unauthorized',
        'x-partner-id is not a namespace of this organization',
      );
    }
    for (const q of ['limit=0', 'limit=101', 'page=0', 'page=x']) {
      refused(
        await call('GET', `/settlements/${batch.token}/transactions?${q}`, a.jwt),
        400,
        'error.bad_request',
        q.startsWith('limit') ? /limit/ : /page/,
      );
    }

    // A namespace that took no part: 404 on every read of the batch, with either credential.
    for (const headers of [stranger.h, stranger.jwt]) {
      refused(
        await call('GET', `/settlements/${batch.token}`, headers),
        404,
        'error.not_found',
        `Settlement batch ${batch.token} not found`,
      );
      refused(
        await call('GET', `/settlements/${batch.token}/transactions`, headers),
        404,
        'error.not_found',
        `Settlement batch ${batch.token} not found`,
      );
      refused(
        await call('GET', `/settlements/${batch.token}/transactions/${t.transactionId}`, headers),
        404,
        'error.not_found',
        /not found/,
      );
      expect((await call('GET', '/settlements', headers)).body.data).toEqual(totalAnswer(0, { batches: [] }));
    }
  }, 60_000);

  it("a namespace's statement over a period: batches, nets per counterparty, totals per currency, as JSON and CSV", async () => {
    const a = await bank();
    await paySandbox(a, '1500');
    await paySandbox(a, '700');
    await paySandbox(a, '900', 'EUR');
    const from = Math.floor(Date.now() / 1000) - 3600;
    expect((await call('POST', '/settlements', await operator())).body.data.ran).toBe(true);
    const to = Math.floor(Date.now() / 1000) + 3600;

    const res = await call('GET', `/settlements/statement?from=${from}&to=${to}`, a.h);
    expect(res.status).toBe(200);
    const st = res.body.data;
    expect(st).toMatchObject({ partner_id: a.ns.token, domain: a.ns.domain, from, to });
    const list = (await call('GET', '/settlements?limit=100', a.h)).body.data.batches;
    const usd = list.find((b: any) => b.currency === 'USD');
    const eur = list.find((b: any) => b.currency === 'EUR');
    // Oldest cut-off first; a's payments go to the Sandbox Bank: it pays, the counterparty receives.
    expect(st.batches.map((b: any) => b.batch_id).sort()).toEqual([usd.token, eur.token].sort());
    const usdLine = st.batches.find((b: any) => b.currency === 'USD');
    expect(usdLine).toEqual({
      batch_id: usd.token,
      currency: 'USD',
      cutoff_time: usd.cutoff_time,
      txn_count: 2,
      net: '-2200',
      positions: [
        {
          counterparty_id: expect.stringMatching(/^part_/),
          counterparty_domain: 'sandbox-bank.test',
          net: '-2200',
        },
      ],
    });
    expect(st.totals).toEqual([
      { currency: 'EUR', batches: 1, txn_count: 1, receivable: '0', payable: '900', net: '-900' },
      { currency: 'USD', batches: 1, txn_count: 2, receivable: '0', payable: '2200', net: '-2200' },
    ]);

    // The CSV holds the same figures, in minor units and in units.
    const csv = await fetch(`${baseUrl()}/settlements/statement/export?from=${from}&to=${to}`, {
      headers: a.h,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'line,batch_id,cutoff_time,currency,counterparty_domain,counterparty_id,net_minor,net,txn_count',
    );
    const at = new Date(usd.cutoff_time * 1000).toISOString();
    expect(lines).toContain(
      `position,${usd.token},${at},USD,sandbox-bank.test,${usdLine.positions[0].counterparty_id},-2200,-22.00,`,
    );
    expect(lines).toContain(`batch,${usd.token},${at},USD,,,-2200,-22.00,2`);
    expect(lines.slice(-2)).toEqual(['total,,,EUR,,,-900,-9.00,1', 'total,,,USD,,,-2200,-22.00,2']);
    expect(lines).toHaveLength(1 + 2 * 2 + 2);

    // The batches list as CSV: the list's rows, in its order, with the namespace's net in each.
    const batchesCsv = await fetch(`${baseUrl()}/settlements/export?cutoff_from=${from}`, {
      headers: a.h,
    });
    expect(batchesCsv.status).toBe(200);
    const batchLines = (await batchesCsv.text()).trimEnd().split('\r\n');
    expect(batchLines[0]).toBe(
      'batch_id,currency,status,cutoff_time,completed_on,txn_count,position,net_minor,net',
    );
    const listedSince = (await call('GET', `/settlements?cutoff_from=${from}&limit=100`, a.h)).body.data
      .batches;
    expect(batchLines.slice(1).map((l) => l.split(',')[0])).toEqual(listedSince.map((b: any) => b.token));
    expect(batchLines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${usd.token},USD,\\w+,${at.slice(0, 19)}\\.\\d{3}Z,[^,]*,2,pays,-2200,-22.00$`),
      ),
    );
    const badStatus = await fetch(`${baseUrl()}/settlements/export?cutoff_from=${from}&status=bogus`, {
      headers: a.h,
    });
    expect(badStatus.status).toBe(400);

    // Before the cut-off: nothing. Bad periods are refused.
    const before = await call('GET', `/settlements/statement?from=${from - 7200}&to=${from}`, a.h);
    expect(before.body.data).toMatchObject({ batches: [], totals: [] });
    for (const q of [`from=${to}&to=${from}`, `from=${from}`, `from=0&to=${400 * 86400}`, 'from=x&to=1']) {
      const bad = await call('GET', `/settlements/statement?${q}`, a.h);
      expect(bad.status, q).toBe(400);
      expect(bad.body.code).toBe('error.bad_request');
    }
    for (const [path, name] of [
      ['/settlements/statement?from=253402300800&to=253402300799', 'from'],
      ['/settlements/statement/export?from=0&to=9007199254740993', 'to'],
    ] as const) {
      const bad = await call('GET', path, a.h);
      expect([bad.status, bad.body], path).toEqual([
        400,
        { code: 'error.bad_request', message: outOfRange(name), field: name },
      ]);
    }
  }, 60_000);
});
