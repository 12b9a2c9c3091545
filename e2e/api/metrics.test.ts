import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { api, createOrg, operatorToken, targetServer } from './helpers';
import { createAndSubmit, createBank, pushBody, waitForStatus } from './payments-helpers';
import { startReceiver } from './receiver';
import { startServer, type Host } from './server';

const TOKEN = 'metrics-test-token-0123456789';

// A server of its own with metrics on (METRICS_TOKEN), beside the suite's, which has them off.
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ host: inject('host') as Host, db: 'pglite', env: { METRICS_TOKEN: TOKEN } });
  targetServer(server);
});
afterAll(async () => {
  targetServer(undefined);
  await server?.stop();
});

async function scrape(authorization?: string) {
  const res = await fetch(`${server.baseUrl}/metrics`, {
    headers: authorization ? { authorization } : {},
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one sample line, e.g. `csp_webhook_backlog 0`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics (Prometheus)', () => {
  it('does not exist where METRICS_TOKEN is unset (the suite’s server)', async () => {
    const res = await fetch(`${inject('baseUrl')}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'error.not_found' });
  });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(JSON.parse(none.text)).toMatchObject({ code: 'error.unauthorized' });
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
    // The process's own figures come with it.
    expect(ok.text).toContain('process_cpu_user_seconds_total');
    expect(ok.text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts requests by route template, status and host; reads the Sandbox Bank, outbox and webhooks; holds no tenant data', async () => {
    const bank = await createBank();
    const body = pushBody(bank, 'alice@sandbox-bank.test', '2500');
    await createAndSubmit(bank, body);
    await waitForStatus(bank, body.payment_id, [3]);
    const read = await api('GET', `/payments/${body.payment_id}`, bank.key);
    expect(read.status).toBe(200);
    expect((await api('GET', '/payments/no-such-payment', bank.key)).status).toBe(404);
    // A decision by the operator, with a note that must not show in any label.
    const other = await createOrg();
    await api('POST', `/operator/organizations/${other.orgId}/verify`, {
      token: await operatorToken(),
      body: { note: 'secret-ish note' },
    });

    const { text } = await scrape(`Bearer ${TOKEN}`);
    const host = inject('host') === 'next' ? 'next' : 'standalone';
    const route = '/api/v1/csp/payments/:payment_id';
    expect(sample(text, 'csp_http_requests_total', { method: 'GET', route, status: '200', host })).toBe(1);
    expect(sample(text, 'csp_http_requests_total', { method: 'GET', route, status: '404', host })).toBe(1);
    expect(
      sample(text, 'csp_http_requests_total', {
        method: 'POST',
        route: '/api/v1/csp/payments/:payment_id/submissions',
        status: '200',
        host,
      }),
    ).toBe(1);
    expect(sample(text, 'csp_http_request_duration_seconds_count', { method: 'GET', route, host })).toBe(2);
    expect(sample(text, 'csp_sandbox_bank_decisions_total', { decision: 'completed' })).toBe(1);
    expect(sample(text, 'csp_outbox_oldest_event_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'csp_webhook_backlog')).toBe(0);
    expect(sample(text, 'csp_audit_unchained_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'csp_webhook_endpoints_disabled')).toBe(0);

    // Nothing of the tenants: no ids, names, addresses, amounts' owners, notes or keys.
    for (const secret of [
      bank.orgId,
      bank.partnerId,
      bank.domain,
      bank.email,
      body.payment_id,
      bank.key.apiKey,
      other.orgId,
      'secret-ish note',
      'alice@sandbox-bank.test',
    ])
      expect(text).not.toContain(secret);
  });

  it('shows a failing endpoint and the last cut-off, to the operator and to the scraper', async () => {
    const op = await operatorToken();
    const bank = await createBank();
    const as = { token: bank.token, partner: bank.partnerId };
    expect((await api('GET', '/operator/health', as)).status).toBe(403);
    const refusing = await startReceiver(() => 503);
    try {
      const hook = (await api('POST', '/webhook', { ...as, body: { url: refusing.url, event_types: ['*'] } }))
        .body.data;
      await api('POST', `/webhook/${hook.token}/test`, as);
      const body = pushBody(bank, 'alice@sandbox-bank.test', '1200');
      await createAndSubmit(bank, body);
      await waitForStatus(bank, body.payment_id, [3]);
      const cut = await api('POST', '/settlements', { token: op });
      expect(cut.body.data.ran).toBe(true);

      let health: any;
      const deadline = Date.now() + 15_000;
      for (;;) {
        health = (await api('GET', '/operator/health', { token: op })).body.data;
        if (health.failing_endpoints.some((e: { webhook_id: string }) => e.webhook_id === hook.token)) break;
        if (Date.now() > deadline) throw new Error(`no failing endpoint: ${JSON.stringify(health)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(health.failing_endpoints).toContainEqual({
        webhook_id: hook.token,
        org_id: bank.orgId,
        partner_id: bank.partnerId,
        domain: bank.domain,
        failing_seconds: expect.any(Number),
        disabled: false,
      });
      expect(health.webhook_backlog).toEqual({ pending: expect.any(Number), capped: false });
      expect(health.webhook_backlog.pending).toBeGreaterThan(0);
      expect(health.outbox_oldest_event_age_seconds).toBeGreaterThanOrEqual(0);
      // What /readyz checks, as the instance answering sees it.
      expect(health.readiness).toEqual({ database: 'ok', migrations: 'ok', workers: 'running' });
      // The audit trail's upkeep: the sealer keeps up (it runs every second); entries are held
      // since the suite began; an archive only where the suite made one (PostgreSQL).
      expect(health.audit_trail.unchained_oldest_age_seconds).toBeLessThan(30);
      expect(health.audit_trail.oldest_entry_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
      expect(health.audit_trail.oldest_entry_at).toBeGreaterThan(Math.floor(Date.now() / 1000) - 3600);
      expect([null, 'number']).toContain(
        health.audit_trail.last_archived_at === null ? null : typeof health.audit_trail.last_archived_at,
      );
      // The cut-off just run: every batch it made, and all their transactions.
      const made = cut.body.data.batches as Array<{ txnCount: number }>;
      expect(health.last_cutoff).toEqual({
        cutoff_time: expect.any(Number),
        duration_seconds: expect.any(Number),
        batches: made.length,
        transactions: made.reduce((n, b) => n + b.txnCount, 0),
      });
      expect(health.last_cutoff.transactions).toBeGreaterThanOrEqual(1);

      const { text } = await scrape(`Bearer ${TOKEN}`);
      expect(
        sample(text, 'csp_webhook_endpoint_failing_seconds', { endpoint: hook.token }),
      ).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'csp_webhook_backlog')).toBeGreaterThan(0);
      expect(sample(text, 'csp_webhook_attempts_total', { outcome: 'failed' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'csp_settlement_last_cutoff', { measure: 'transactions' })).toBe(
        health.last_cutoff.transactions,
      );
      expect(sample(text, 'csp_settlement_last_cutoff', { measure: 'batches' })).toBe(
        health.last_cutoff.batches,
      );
    } finally {
      await refusing.close();
    }
  });
});
