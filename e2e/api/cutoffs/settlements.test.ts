import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, operatorToken, settleEarlierFiles, totalAnswer, type ApiResponse } from '../helpers';
import { createAndSubmit, createBank, pushBody, waitForStatus, type Bank } from '../payments-helpers';

// A cut-off settles every cleared transaction of the network, which would race with the other
// files' assertions on transaction status: this file runs in the api-cutoffs project, whose server
// serves the files that run cut-offs, one at a time (vitest.config.ts).
beforeAll(settleEarlierFiles);

/** The bank's admin JWT with both tenant headers. */
const jwt = (b: Bank) => ({ token: b.token, partner: b.partnerId, org: b.orgId });
/** The refusal of a time outside the API's range (lib/schemas/common.ts), naming the field. */
const outOfRange = (name: string) =>
  `${name}: ${name} must be Unix seconds, an integer from 0 (1970-01-01T00:00:00Z) to 253402300799 (9999-12-31T23:59:59Z)`;

/** A payment from the bank to the Sandbox Bank, submitted and waited for until admitted (cleared). */
async function paySandbox(b: Bank, total: string, currency = 'USD') {
  const body = pushBody(b, 'alice@sandbox-bank.test', total, { amount: { currency, total } });
  await createAndSubmit(b, body);
  const admitted = await waitForStatus(b, body.payment_id, [3], 12_000);
  return { paymentId: body.payment_id, transactionId: admitted.transaction_id as string };
}

describe('settlement over HTTP', () => {
  it('operator cut-off → partner sees batch, leaf, positions, proof and settled transactions', async () => {
    const a = await createBank();
    const t1 = await paySandbox(a, '1500');
    const t2 = await paySandbox(a, '700');
    const t3 = await paySandbox(a, '900', 'EUR');
    const admitted = await api('GET', '/payments?status=admitted&limit=100', a.key);
    expect(admitted.body.data.payments.map((p: any) => p.submission_status)).toEqual([3, 3, 3]);
    expect(
      (await api('GET', `/payments/${t1.paymentId}/transactions`, a.key)).body.data.transactions,
    ).toMatchObject([{ status: 2, batch_id: null }]);
    const op = { token: await operatorToken() };
    expect((await api('POST', '/settlements', jwt(a))).status).toBe(403);
    const cut = await api('POST', '/settlements', op);
    expect(cut.status).toBe(200);
    expect(cut.body.data.ran).toBe(true);

    const list = await api('GET', '/settlements', a.key);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-partner-id')).toBe(a.partnerId);
    expect(list.headers.get('x-org-id')).toBe(a.orgId);
    expect(list.headers.get('x-csp-version')).toBe('gateway-csp/v0.1.0');
    // Next.js drops Content-Length from route-handler answers (docs/decisions.md); the standalone host sends it.
    if (inject('host') === 'standalone')
      expect(Number(list.headers.get('content-length'))).toBeGreaterThan(0);
    expect(list.body.data.total).toBe(2);
    const usd = list.body.data.batches.find((b: any) => b.currency === 'USD');
    expect(usd).toMatchObject({ status: 'COMPLETED', txn_count: 2 });
    expect(typeof usd.cutoff_time).toBe('number');

    const details = await api('GET', `/settlements/${usd.token}`, a.key);
    expect(details.status).toBe(200);
    expect(details.body.data.merkle_root).toMatchObject({ version: 'v1', root_hash: expect.any(String) });
    expect(details.body.data.merkle_leaf).toMatchObject({
      partner_id: a.partnerId,
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

    const proof = await api('GET', `/settlements/${usd.token}/proof`, a.key);
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

    const txns = await api('GET', `/settlements/${usd.token}/transactions`, jwt(a));
    expect(txns.body.data.total).toBe(2);
    expect(txns.body.data.transactions.map((t: any) => t.transaction_id).sort()).toEqual(
      [t1.transactionId, t2.transactionId].sort(),
    );
    const one = await api('GET', `/settlements/${usd.token}/transactions/${t1.transactionId}`, a.key);
    expect(one.body.data).toMatchObject({ transaction_id: t1.transactionId, status: 3, batch_id: usd.token });
    expect(
      (await api('GET', `/settlements/${usd.token}/transactions/${t3.transactionId}`, a.key)).status,
    ).toBe(404);
    // Every payment read shows the settlement: submission 6, transaction 3 in the batch.
    expect((await api('GET', `/payments/${t1.paymentId}/submissions`, a.key)).body.data).toMatchObject({
      status: 6,
      status_name: 'settled',
    });
    const paymentTxns = await api('GET', `/payments/${t1.paymentId}/transactions`, a.key);
    expect(paymentTxns.body.data.transactions).toMatchObject([
      { transaction_id: t1.transactionId, status: 3, batch_id: usd.token },
    ]);
    const settledPayments = await api('GET', '/payments?status=settled&limit=100', a.key);
    expect(
      settledPayments.body.data.payments.map((p: any) => [p.payment_id, p.submission_status]).sort(),
    ).toEqual([t1.paymentId, t2.paymentId, t3.paymentId].map((id) => [id, 6]).sort());
    expect((await api('GET', '/payments?status=admitted', a.key)).body.data.count).toBe(0);

    // Filters.
    expect((await api('GET', '/settlements?status=FAILED', a.key)).body.data.total).toBe(0);
    expect(
      (await api('GET', `/settlements?cutoff_from=${usd.cutoff_time}&cutoff_to=${usd.cutoff_time}`, a.key))
        .body.data.total,
    ).toBe(2);
    expect((await api('GET', `/settlements?cutoff_to=${usd.cutoff_time - 1}`, a.key)).body.data.total).toBe(
      0,
    );
    expect((await api('GET', '/settlements?limit=1&page=2', a.key)).body.data.batches).toHaveLength(1);
    for (const q of ['status=DONE', 'limit=0', 'limit=101', 'page=0', 'cutoff_from=soon', 'cutoff_to=-1']) {
      const bad = await api('GET', `/settlements?${q}`, a.key);
      expect(bad.status, q).toBe(400);
      expect(bad.body.code).toBe('error.bad_request');
    }
    // A time past 9999-12-31 (milliseconds for seconds, say) is refused by name: 400, never 500.
    for (const [path, name] of [
      ['/settlements?cutoff_from=99999999999999', 'cutoff_from'],
      ['/settlements?cutoff_to=253402300800', 'cutoff_to'],
      ['/settlements/export?cutoff_from=1000000000000', 'cutoff_from'],
    ] as const) {
      const bad = await api('GET', path, a.key);
      expect([bad.status, bad.body], path).toEqual([
        400,
        { code: 'error.bad_request', message: outOfRange(name), field: name },
      ]);
    }
    // The bounds themselves are times: every batch lies between them.
    const edges = await api('GET', '/settlements?cutoff_from=0&cutoff_to=253402300799', a.key);
    expect(edges.body).toEqual((await api('GET', '/settlements', a.key)).body);

    // Another namespace did not take part: 404, and its list is empty.
    const b = await createBank();
    const foreign = await api('GET', `/settlements/${usd.token}`, b.key);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('error.not_found');
    expect((await api('GET', `/settlements/${usd.token}/proof`, b.key)).status).toBe(404);
    expect((await api('GET', '/settlements', b.key)).body.data.total).toBe(0);

    // Required headers.
    expect((await api('GET', '/settlements', { apiKey: a.key.apiKey, partner: a.partnerId })).status).toBe(
      400,
    );
    expect((await api('GET', '/settlements')).status).toBe(401);

    // The operator sees the network's batches and figures.
    const net = await api('GET', '/operator/settlements', op);
    expect(net.body.data.batches.some((x: any) => x.token === usd.token)).toBe(true);
    const stats = await api('GET', '/operator/stats', op);
    expect(stats.body.data.transactions_settled).toBeGreaterThanOrEqual(3);

    // One batch as the operator sees it: summary, root, and every participant's leaf (the bank
    // and the Sandbox Bank: the bank paid 2,200 out, the Sandbox Bank took it in).
    const network = await api('GET', `/operator/settlements/${usd.token}`, op);
    expect(network.status).toBe(200);
    expect(network.body.data.batch).toMatchObject({ token: usd.token, status: 'COMPLETED', currency: 'USD' });
    expect(network.body.data.batch.root_hash).toEqual(details.body.data.merkle_root.root_hash);
    expect(network.body.data.total).toBe(2);
    expect(network.body.data.has_more).toBe(false);
    const mine = network.body.data.participants.find((p: any) => p.partner_id === a.partnerId);
    expect(mine).toMatchObject({ domain: a.domain, kind: 'debtor', amount: '2200', txn_count: 2 });
    const other = network.body.data.participants.find((p: any) => p.partner_id !== a.partnerId);
    expect(other).toMatchObject({ domain: 'sandbox-bank.test', kind: 'creditor', amount: '2200' });
    expect((await api('GET', `/operator/settlements/${usd.token}`, jwt(a))).status).toBe(403);
    const missing = await api('GET', '/operator/settlements/batch_nope', op);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('error.not_found');
  });

  it('the three endpoints with a JWT: tenant headers required and matched, answered on details, X-Csp-Version on errors, strangers 404', async () => {
    const a = await createBank();
    const stranger = await createBank();
    const t = await paySandbox(a, '4200');
    const op = { token: await operatorToken() };
    const cut = await api('POST', '/settlements', op);
    expect(cut.status).toBe(200);
    const batch = (await api('GET', '/settlements', jwt(a))).body.data.batches[0];
    expect(batch).toMatchObject({ status: 'COMPLETED', currency: 'USD', txn_count: 1 });
    const paths = ['/settlements', `/settlements/${batch.token}`, `/settlements/${batch.token}/transactions`];
    const tenantHeaders = (r: ApiResponse) => [
      r.headers.get('x-partner-id'),
      r.headers.get('x-org-id'),
      r.headers.get('x-csp-version'),
    ];

    // The JWT with both tenant headers: 200, and the tenant headers on every answer, details included.
    for (const p of paths) {
      const res = await api('GET', p, jwt(a));
      expect(res.status, p).toBe(200);
      expect(tenantHeaders(res), p).toEqual([a.partnerId, a.orgId, 'gateway-csp/v0.1.0']);
    }
    const details = await api('GET', `/settlements/${batch.token}`, jwt(a));
    expect(details.body.data.summary).toEqual(batch);
    expect(details.body.data.merkle_leaf).toMatchObject({
      partner_id: a.partnerId,
      kind: 'debtor',
      amount: '4200',
    });
    const viaKey = await api('GET', `/settlements/${batch.token}`, a.key);
    expect(tenantHeaders(viaKey)).toEqual([a.partnerId, a.orgId, 'gateway-csp/v0.1.0']);
    expect(viaKey.body).toEqual(details.body);
    const txns = await api('GET', `/settlements/${batch.token}/transactions`, jwt(a));
    expect(txns.body.data.total).toBe(1);
    expect(txns.body.data.transactions).toMatchObject([
      { transaction_id: t.transactionId, payment_id: t.paymentId, status: 3, batch_id: batch.token },
    ]);
    expect(
      (await api('GET', `/settlements/${batch.token}/transactions?limit=1&page=2`, jwt(a))).body.data,
    ).toEqual(totalAnswer(1, { transactions: [] }));

    // Errors carry X-Csp-Version and no tenant headers.
    const refused = (res: ApiResponse, status: number, code: string, message: string | RegExp) => {
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect(res.body.message).toMatch(message);
      expect(tenantHeaders(res)).toEqual([null, null, 'gateway-csp/v0.1.0']);
    };
    const jwtWithoutOrg = { token: a.token, partner: a.partnerId };
    const jwtWithoutPartner = { token: a.token, org: a.orgId };
    for (const p of paths) {
      refused(
        await api('GET', p, jwtWithoutOrg),
        400,
        'error.bad_request',
        'Missing required header x-org-id',
      );
      refused(
        await api('GET', p, jwtWithoutPartner),
        400,
        'error.bad_request',
        'Missing required header x-partner-id',
      );
      refused(
        await api('GET', p, { ...jwt(a), org: stranger.orgId }),
        401,
        'error.unauthorized',
        'x-org-id does not match the access token',
      );
      refused(
        await api('GET', p, { ...a.key, org: stranger.orgId }),
        401,
        'error.unauthorized',
        'x-org-id does not match the API key',
      );
      refused(
        await api('GET', p, { ...jwt(a), partner: stranger.partnerId }),
        401,
        'error.unauthorized',
        'x-partner-id is not a namespace of this organization',
      );
    }
    for (const q of ['limit=0', 'limit=101', 'page=0', 'page=x']) {
      refused(
        await api('GET', `/settlements/${batch.token}/transactions?${q}`, jwt(a)),
        400,
        'error.bad_request',
        q.startsWith('limit') ? /limit/ : /page/,
      );
    }

    // A namespace that took no part: 404 on every read of the batch, with either credential.
    for (const headers of [stranger.key, jwt(stranger)]) {
      refused(
        await api('GET', `/settlements/${batch.token}`, headers),
        404,
        'error.not_found',
        `Settlement batch ${batch.token} not found`,
      );
      refused(
        await api('GET', `/settlements/${batch.token}/transactions`, headers),
        404,
        'error.not_found',
        `Settlement batch ${batch.token} not found`,
      );
      refused(
        await api('GET', `/settlements/${batch.token}/transactions/${t.transactionId}`, headers),
        404,
        'error.not_found',
        /not found/,
      );
      expect((await api('GET', '/settlements', headers)).body.data).toEqual(totalAnswer(0, { batches: [] }));
    }
  });

  it("a namespace's statement over a period: batches, nets per counterparty, totals per currency, as JSON and CSV", async () => {
    const a = await createBank();
    await paySandbox(a, '1500');
    await paySandbox(a, '700');
    await paySandbox(a, '900', 'EUR');
    const from = Math.floor(Date.now() / 1000) - 3600;
    expect((await api('POST', '/settlements', { token: await operatorToken() })).body.data.ran).toBe(true);
    const to = Math.floor(Date.now() / 1000) + 3600;

    const res = await api('GET', `/settlements/statement?from=${from}&to=${to}`, a.key);
    expect(res.status).toBe(200);
    const st = res.body.data;
    expect(st).toMatchObject({ partner_id: a.partnerId, domain: a.domain, from, to });
    const list = (await api('GET', '/settlements?limit=100', a.key)).body.data.batches;
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
    const csv = await api('GET', `/settlements/statement/export?from=${from}&to=${to}`, a.key);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trimEnd().split('\r\n');
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
    const batchesCsv = await api('GET', `/settlements/export?cutoff_from=${from}`, a.key);
    expect(batchesCsv.status).toBe(200);
    const batchLines = batchesCsv.text.trimEnd().split('\r\n');
    expect(batchLines[0]).toBe(
      'batch_id,currency,status,cutoff_time,completed_on,txn_count,position,net_minor,net',
    );
    const listedSince = (await api('GET', `/settlements?cutoff_from=${from}&limit=100`, a.key)).body.data
      .batches;
    expect(batchLines.slice(1).map((l) => l.split(',')[0])).toEqual(listedSince.map((b: any) => b.token));
    expect(batchLines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${usd.token},USD,\\w+,${at.slice(0, 19)}\\.\\d{3}Z,[^,]*,2,pays,-2200,-22.00$`),
      ),
    );
    const badStatus = await api('GET', `/settlements/export?cutoff_from=${from}&status=bogus`, a.key);
    expect(badStatus.status).toBe(400);

    // Before the cut-off: nothing. Bad periods are refused.
    const before = await api('GET', `/settlements/statement?from=${from - 7200}&to=${from}`, a.key);
    expect(before.body.data).toMatchObject({ batches: [], totals: [] });
    for (const q of [`from=${to}&to=${from}`, `from=${from}`, `from=0&to=${400 * 86400}`, 'from=x&to=1']) {
      const bad = await api('GET', `/settlements/statement?${q}`, a.key);
      expect(bad.status, q).toBe(400);
      expect(bad.body.code).toBe('error.bad_request');
    }
    for (const [path, name] of [
      ['/settlements/statement?from=253402300800&to=253402300799', 'from'],
      ['/settlements/statement/export?from=0&to=9007199254740993', 'to'],
    ] as const) {
      const bad = await api('GET', path, a.key);
      expect([bad.status, bad.body], path).toEqual([
        400,
        { code: 'error.bad_request', message: outOfRange(name), field: name },
      ]);
    }
  });
});
