import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CspError, createClient, pages, unwrap } from '../../packages/client/src/index';
import { baseUrl, uniq } from './helpers';
import { startReceiver } from './receiver';

/**
 * The first hour of an integrator, through the typed client that ships with the gateway
 * (packages/client): sign up, an API key, a webhook endpoint, a payment to the Sandbox Bank,
 * its submission and admission, the webhook's signature verified as a receiver would, a return
 * asked for and made, the list read page by page, and a refusal read as the envelope it is.
 */
const receiver = await startReceiver();
afterAll(() => receiver.close());

/** Standard Webhooks: HMAC-SHA256 of `id.timestamp.body` keyed by the secret's decoded bytes. */
function signatureOk(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the typed client (packages/client)', () => {
  it('runs the first hour: sign-up → key → payment → submission → admitted → webhook verified → return', async () => {
    const anonymous = createClient({ baseUrl: baseUrl().replace(/\/api\/v1\/csp$/, '') });
    const email = `client-${uniq()}@example.test`;
    const org = await unwrap(
      anonymous.POST('/api/v1/csp/organization', {
        body: { name: `Client Bank ${uniq()}`, admin_email: email, admin_password: 'correct-horse-battery' },
      }),
    );
    const session = await unwrap(
      anonymous.POST('/api/v1/csp/organization/signin', {
        body: { admin_email: email, admin_password: 'correct-horse-battery' },
      }),
    );
    const origin = baseUrl().replace(/\/api\/v1\/csp$/, '');
    const admin = createClient({ baseUrl: origin, accessToken: session.access_token, orgId: org.token });
    const [ns] = (await unwrap(admin.GET('/api/v1/csp/partner'))).partners;
    const inNs = createClient({
      baseUrl: origin,
      accessToken: session.access_token,
      orgId: org.token,
      partnerId: ns!.token,
    });
    const key = await unwrap(
      inNs.POST('/api/v1/csp/apikey', {
        body: {
          name: 'core banking',
          access: {
            customers_read: true,
            customers_write: true,
            transactions_read: true,
            transactions_write: true,
          },
        },
      }),
    );
    const hook = await unwrap(
      inNs.POST('/api/v1/csp/webhook', {
        body: { url: receiver.url, event_types: ['payment.admitted', 'return.decided'] },
      }),
    );

    const bank = createClient({
      baseUrl: origin,
      apiKey: key.secret_key,
      orgId: org.token,
      partnerId: ns!.token,
    });
    const paymentId = `client-${uniq()}`;
    const created = await unwrap(
      bank.POST('/api/v1/csp/payments', {
        body: {
          payment_id: paymentId,
          amount: { currency: 'USD', total: '2500' },
          debtor_party: { payment_address: `payer@${ns!.domain}`, first_name: 'Pat', last_name: 'Payer' },
          beneficiary_party: { payment_address: 'alice@sandbox-bank.test', first_name: 'Alice' },
          reference: 'Invoice 7',
          payment_type: 'Type_Push',
        },
      }),
    );
    expect(created).toMatchObject({ payment_id: paymentId, amount: { currency: 'USD', total: '2500' } });
    await unwrap(
      bank.POST('/api/v1/csp/payments/{payment_id}/submissions', {
        params: { path: { payment_id: paymentId } },
      }),
    );
    const admitted = await until(
      () =>
        unwrap(
          bank.GET('/api/v1/csp/payments/{payment_id}/submissions', {
            params: { path: { payment_id: paymentId } },
          }),
        ),
      (s) => s.status === 3,
    );
    expect(admitted.transaction_id).toMatch(/^txn_/);

    // The webhook: signed as Standard Webhooks says, verified with the secret shown once.
    await receiver.waitFor((r) => r.some((x) => x.json?.type === 'payment.admitted'), 20_000);
    const delivery = receiver.received.find((x) => x.json?.type === 'payment.admitted')!;
    expect(signatureOk(hook.secret, delivery.headers, delivery.body)).toBe(true);
    expect(signatureOk(hook.secret, delivery.headers, delivery.body.replace('2500', '2501'))).toBe(false);

    // Asked back in full: the Sandbox Bank's return task is completed, and the return is made.
    const asked = await unwrap(
      bank.POST('/api/v1/csp/payments/{payment_id}/returns', {
        params: { path: { payment_id: paymentId } },
        body: { amount: '2500', reason: 'CUST', note: 'Customer changed their mind' },
      }),
    );
    expect(asked).toMatchObject({ status: 'requested', kind: 'request' });
    const returned = await until(
      () =>
        unwrap(
          bank.GET('/api/v1/csp/payments/{payment_id}/returns', {
            params: { path: { payment_id: paymentId } },
          }),
        ),
      (r) => r.returns[0]?.status === 'returned',
    );
    expect(returned.returns[0]).toMatchObject({ amount: { currency: 'USD', total: '2500' }, reason: 'CUST' });
    await receiver.waitFor((r) => r.some((x) => x.json?.type === 'return.decided'), 20_000);

    // Every payment of the namespace, a page of one at a time: the original and its return.
    const seen: string[] = [];
    for await (const p of pages(
      (cursor) =>
        unwrap(
          bank.GET('/api/v1/csp/payments', {
            params: { query: { limit: 1, ...(cursor ? { cursor } : {}) } },
          }),
        ),
      'payments',
    ))
      seen.push(p.payment_id);
    expect(seen).toHaveLength(2);
    expect(seen).toContain(paymentId);
  });

  it('throws the gateway’s refusal as a CspError with its code, field and request id', async () => {
    const origin = baseUrl().replace(/\/api\/v1\/csp$/, '');
    const anonymous = createClient({ baseUrl: origin });
    const refused = await unwrap(
      anonymous.POST('/api/v1/csp/organization', {
        body: { name: 'X', admin_email: 'not an e-mail', admin_password: 'correct-horse-battery' },
      }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CspError);
    expect(refused).toMatchObject({ status: 400, code: 'error.bad_request', field: 'admin_email' });
    expect((refused as CspError).requestId).toMatch(/^[\w.-]+$/);
  });

  it('sends the idempotency key a call names: the same write twice is replayed, not done twice', async () => {
    const origin = baseUrl().replace(/\/api\/v1\/csp$/, '');
    const anonymous = createClient({ baseUrl: origin });
    const key = randomUUID();
    const body = {
      name: `Once ${uniq()}`,
      admin_email: `once-${uniq()}@example.test`,
      admin_password: 'correct-horse-battery',
    };
    const first = await anonymous.POST('/api/v1/csp/organization', {
      params: { header: { 'idempotency-key': key } },
      body,
    });
    const again = await anonymous.POST('/api/v1/csp/organization', {
      params: { header: { 'idempotency-key': key } },
      body,
    });
    expect(first.response.status).toBe(200);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.data?.token).toBe(first.data?.data?.token);
  });
});
