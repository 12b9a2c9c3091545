import { afterAll, describe, expect, it } from 'vitest';
import { api, expectError, operatorToken, signIn, uniq } from './helpers';
import { createAndSubmit, createBank, pushBody, waitForStatus } from './payments-helpers';
import { startReceiver } from './receiver';

// The operator's review of an organization (docs/decisions.md, "Operator review"): its sandbox
// activity on one answer, before verifying or rejecting it with a note.

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of closers) await c();
});

describe('GET /operator/organizations/{org_id}', () => {
  it("answers an organization's people, checklist, payments by status, exceptions and webhooks", async () => {
    const bank = await createBank();
    const op = await operatorToken();
    const fresh = await api('GET', `/operator/organizations/${bank.orgId}`, { token: op });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.data).toMatchObject({
      organization: { token: bank.orgId, status: 'sandbox', decision_note: null },
      decided_by: null,
      users: { admin: 1 },
      namespaces: [
        {
          token: bank.partnerId,
          environment: 'sandbox',
          checklist: { api_key: true, webhook: false, sandbox_payment: false },
          payments: { total: 0 },
          exceptions: 0,
          webhooks: { total: 0, failing: 0, disabled: 0 },
        },
      ],
    });

    // A payment to the Sandbox Bank, admitted, and a webhook.
    const ok = pushBody(bank, 'alice@sandbox-bank.test', '1200');
    await createAndSubmit(bank, ok);
    await waitForStatus(bank, ok.payment_id, [3]);
    const r = await startReceiver();
    closers.push(r.close);
    expect(
      (
        await api('POST', '/webhook', {
          token: bank.token,
          partner: bank.partnerId,
          body: { url: r.url, event_types: ['*'] },
        })
      ).status,
    ).toBe(200);
    const review = await api('GET', `/operator/organizations/${bank.orgId}`, { token: op });
    const [ns] = review.body.data.namespaces;
    expect(ns.checklist).toEqual({ api_key: true, webhook: true, sandbox_payment: true });
    expect(ns.payments).toMatchObject({ total: 1, admitted: 1, pending: 0, rejected: 0 });
    expect(ns.webhooks).toEqual({ total: 1, failing: 0, disabled: 0 });

    // Decided with a note: the review shows the note and who decided.
    const decided = await api('POST', `/operator/organizations/${bank.orgId}/verify`, {
      token: op,
      body: { note: 'Checklist complete, payments admitted' },
    });
    expect(decided.status, decided.text).toBe(200);
    const after = await api('GET', `/operator/organizations/${bank.orgId}`, { token: op });
    expect(after.body.data.organization).toMatchObject({
      status: 'verified',
      decision_note: 'Checklist complete, payments admitted',
    });
    expect(after.body.data.decided_by).toBe('operator@network.test');
  });

  it('says who is behind it: its admins’ e-mails, and when and from where it signed up', async () => {
    const email = `founder-${uniq()}@example.test`;
    const signedUp = await api('POST', '/organization', {
      body: { name: `Who ${uniq()}`, admin_email: email, admin_password: 'correct-horse-battery' },
      headers: { 'user-agent': 'review-test/1.0' },
    });
    expect(signedUp.status, signedUp.text).toBe(200);
    const orgId = signedUp.body.data.token as string;
    const op = await operatorToken();
    const review = await api('GET', `/operator/organizations/${orgId}`, { token: op });
    expect(review.status, review.text).toBe(200);
    const at = review.body.data.organization.created_at.seconds as number;
    expect(review.body.data.admins).toEqual([
      { email, name: '', created_at: { seconds: at }, last_signed_in_at: null, disabled: false },
    ]);
    // The sign-up's audit entry: its time, the client's address (the test's own, no proxy trusted)
    // and its User-Agent.
    expect(review.body.data.signed_up).toEqual({
      at: { seconds: expect.any(Number) },
      admin_email: email,
      ip: '127.0.0.1',
      user_agent: 'review-test/1.0',
    });
    expect(Math.abs(review.body.data.signed_up.at.seconds - at)).toBeLessThanOrEqual(1);

    // An admin added later is listed after the founder; a support user is not an admin.
    const founder = await signIn(email, 'correct-horse-battery');
    const second = `second-${uniq()}@example.test`;
    for (const [who, role] of [
      [second, 'admin'],
      [`support-${uniq()}@example.test`, 'support'],
    ] as const)
      expect(
        (
          await api('POST', '/users', {
            token: founder.access_token,
            body: { email: who, role, name: 'Added Person', password: 'violet tractor umbrella 42' },
          })
        ).status,
      ).toBe(200);
    const later = (await api('GET', `/operator/organizations/${orgId}`, { token: op })).body.data;
    expect(later.admins.map((a: { email: string }) => a.email)).toEqual([email, second]);
    expect(later.admins[0].last_signed_in_at).toEqual({ seconds: expect.any(Number) });
    expect(later.users).toEqual({ admin: 2, support: 1 });
  });

  it('is the operator’s only: 403 to an organization’s admin, 404 for an unknown id', async () => {
    const bank = await createBank();
    expectError(
      await api('GET', `/operator/organizations/${bank.orgId}`, { token: bank.token }),
      403,
      'error.forbidden',
    );
    expectError(
      await api('GET', '/operator/organizations/org_nope', { token: await operatorToken() }),
      404,
      'error.not_found',
    );
  });
});
