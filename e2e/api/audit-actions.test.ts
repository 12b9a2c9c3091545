import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  ACCOUNT_BODY as account,
  api,
  createOrg,
  createVerifiedOrg,
  expectError,
  operatorToken,
  uniq,
  type TestOrg,
} from './helpers';
import {
  admissionTasks,
  createAndSubmit,
  createBank,
  linkedBanks,
  pushBody,
  workTask,
} from './payments-helpers';
import { startReceiver } from './receiver';
import { settledDeliveries } from './webhooks-helpers';

// The actions of the audit trail not walked through by audit.test.ts: each change leaves exactly
// one entry, by the right actor, about the right target, with the fields it changed; a refused
// change leaves none (docs/audit.md).

type Entry = {
  action: string;
  actor: { kind: string; id: string | null; label: string };
  target: { type: string; id: string | null };
  changes: { before?: Record<string, unknown>; after?: Record<string, unknown> } | null;
  org_id: string | null;
  partner_id: string | null;
};

const as = (org: TestOrg) => ({ token: org.token, partner: org.partnerId });
const byAdmin = (org: TestOrg) => ({ kind: 'user', id: org.userId, label: org.email });

/** Every entry of the organization's trail, oldest first. */
async function trailOf(org: TestOrg, query = ''): Promise<Entry[]> {
  const res = await api('GET', `/audit-events?limit=100${query}`, { token: org.token });
  expect(res.status, res.text).toBe(200);
  return (res.body.data.audit_events as Entry[]).reverse();
}
/** The entries about one target, oldest first. */
const about = (org: TestOrg, target: string) => trailOf(org, `&target=${encodeURIComponent(target)}`);

describe('every audited action leaves exactly one entry', () => {
  it('accounts: added, verified, deleted by the admin; rejected by the operator; a refused change leaves none', async () => {
    const org = await createOrg();
    const acct = (await api('POST', '/account', { ...as(org), body: account })).body.data;
    expect((await api('POST', `/account/${acct.token}/verify`, as(org))).status).toBe(200);
    // Changing nothing (verifying a verified account) and a refused change leave nothing.
    const before = (await trailOf(org)).length;
    expect((await api('POST', `/account/${acct.token}/verify`, as(org))).status).toBe(200);
    expectError(
      await api('POST', '/account', { ...as(org), body: { ...account, routing_number: '123' } }),
      400,
      'error.bad_request',
    );
    expect(await trailOf(org)).toHaveLength(before);
    expect((await api('DELETE', `/account/${acct.token}`, as(org))).status).toBe(200);

    const entries = await about(org, acct.token);
    const fields = {
      account_title: 'Operating',
      account_number_last4: '6789',
      routing_number: '021000021',
      type: 'checking',
    };
    expect(entries).toMatchObject([
      {
        action: 'account.created',
        actor: byAdmin(org),
        target: { type: 'account', id: acct.token },
        partner_id: org.partnerId,
        changes: { after: { ...fields, status: 'unverified' } },
      },
      {
        action: 'account.verified',
        actor: byAdmin(org),
        changes: { before: { status: 'unverified' }, after: { status: 'verified' } },
      },
      { action: 'account.deleted', actor: byAdmin(org), changes: { before: { status: 'verified' } } },
    ]);
    expect(entries).toHaveLength(3);
    expect(JSON.stringify(entries)).not.toContain(account.account_number);

    // A production account the operator rejects: in the organization's trail, by the operator.
    const bank = await createVerifiedOrg();
    const prod = await api('POST', '/partner', {
      token: bank.token,
      body: { name: 'Prod', domain: `prod-${uniq()}.bank.test` },
    });
    const prodAcct = (
      await api('POST', '/account', { token: bank.token, partner: prod.body.data.token, body: account })
    ).body.data;
    const op = await operatorToken();
    expectError(
      await api('POST', `/operator/accounts/${prodAcct.token}/reject`, { token: op, body: {} }),
      400,
      'error.bad_request',
    );
    expect(
      (
        await api('POST', `/operator/accounts/${prodAcct.token}/reject`, {
          token: op,
          body: { note: 'letter unsigned' },
        })
      ).status,
    ).toBe(200);
    expect(await about(bank, prodAcct.token)).toMatchObject([
      { action: 'account.created', actor: byAdmin(bank) },
      {
        action: 'account.rejected',
        actor: { kind: 'user', label: 'operator@network.test' },
        target: { type: 'account', id: prodAcct.token },
        org_id: bank.orgId,
        partner_id: prod.body.data.token,
        // Rejected, it stays unverified: only the fields that changed are kept.
        changes: { after: { rejected: true, note: 'letter unsigned' } },
      },
    ]);
    expect(await about(bank, prodAcct.token)).toHaveLength(2);
  });

  it("customers: created by an API key, under the key's name; a refused one leaves none", async () => {
    const bank = await createBank();
    const address = `jane.${uniq()}@${bank.domain}`;
    const body = { payment_address: address, first_name: 'Jane', last_name: 'Doe', nick_name: 'JD' };
    const made = await api('POST', '/customer', { ...bank.key, body });
    expect(made.status, made.text).toBe(200);
    const before = (await trailOf(bank)).length;
    expectError(await api('POST', '/customer', { ...bank.key, body }), 409, 'error.conflict');
    expect(await trailOf(bank)).toHaveLength(before);
    const entries = await about(bank, made.body.data.token);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'customer.created',
      actor: { kind: 'apikey', label: 'core' },
      target: { type: 'customer', id: made.body.data.token },
      partner_id: bank.partnerId,
      changes: { after: { payment_address: address, first_name: 'Jane', last_name: 'Doe', nick_name: 'JD' } },
    });
    expect(entries[0]!.actor.id).toMatch(/^api_/);
  });

  it("links: each side's act in its own trail; an act out of turn leaves none", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const c = await createOrg();
    const proposed = (await api('POST', '/link', { ...as(a), body: { counterparty_domain: b.domain } })).body
      .data;
    const id = proposed.token as string;
    // Refused: the proposer cannot accept its own proposal.
    const aBefore = (await trailOf(a)).length;
    expectError(
      await api('PUT', `/link/${id}`, { ...as(a), body: { action: 'accept' } }),
      409,
      'error.conflict',
    );
    expect(await trailOf(a)).toHaveLength(aBefore);
    expect((await api('PUT', `/link/${id}`, { ...as(b), body: { action: 'accept' } })).status).toBe(200);
    expect((await api('PUT', `/link/${id}`, { ...as(a), body: { action: 'suspend' } })).status).toBe(200);
    expect((await api('PUT', `/link/${id}`, { ...as(b), body: { action: 'resume' } })).status).toBe(200);

    expect(await about(a, id)).toEqual([
      expect.objectContaining({
        action: 'link.proposed',
        actor: byAdmin(a),
        target: { type: 'link', id },
        changes: { after: { status: 'proposed', counterparty_domain: b.domain } },
      }),
      expect.objectContaining({
        action: 'link.suspended',
        actor: byAdmin(a),
        changes: { before: { status: 'established' }, after: { status: 'suspended' } },
      }),
    ]);
    expect(await about(b, id)).toEqual([
      expect.objectContaining({
        action: 'link.accepted',
        actor: byAdmin(b),
        changes: { before: { status: 'proposed' }, after: { status: 'established' } },
      }),
      expect.objectContaining({
        action: 'link.resumed',
        actor: byAdmin(b),
        changes: { before: { status: 'suspended' }, after: { status: 'established' } },
      }),
    ]);

    const declined = (await api('POST', '/link', { ...as(a), body: { counterparty_domain: c.domain } })).body
      .data;
    expect(
      (await api('PUT', `/link/${declined.token}`, { ...as(c), body: { action: 'reject' } })).status,
    ).toBe(200);
    expect(await about(c, declined.token)).toEqual([
      expect.objectContaining({
        action: 'link.rejected',
        actor: byAdmin(c),
        changes: { before: { status: 'proposed' }, after: { status: 'rejected' } },
      }),
    ]);
  });

  it("API keys: enabled again; webhooks: a delivery sent again — each once, never the key's secret", async () => {
    const bank = await createBank();
    const keys = (await api('GET', '/apikey', as(bank))).body.data.api_keys as Array<{ token: string }>;
    const keyId = keys[0]!.token;
    await api('PATCH', `/apikey/${keyId}`, { ...as(bank), body: { enabled: false } });
    expect((await api('PATCH', `/apikey/${keyId}`, { ...as(bank), body: { enabled: true } })).status).toBe(
      200,
    );
    const keyEntries = (await about(bank, keyId)).filter((e) => e.action === 'api_key.enabled');
    expect(keyEntries).toMatchObject([
      { actor: byAdmin(bank), changes: { before: { enabled: false }, after: { enabled: true } } },
    ]);
    expect(keyEntries).toHaveLength(1);
    // A PATCH with the values the key has already is not a change.
    const held = (await trailOf(bank)).length;
    const same = await api('PATCH', `/apikey/${keyId}`, {
      ...as(bank),
      body: { name: 'core', enabled: true },
    });
    expect(same.status, same.text).toBe(200);
    expect(await trailOf(bank)).toHaveLength(held);

    const r = await startReceiver();
    try {
      const hook = (await api('POST', '/webhook', { ...as(bank), body: { url: r.url, event_types: ['*'] } }))
        .body.data;
      await api('POST', `/webhook/${hook.token}/test`, as(bank));
      await r.waitFor((got) => got.length === 1);
      const [delivered] = await settledDeliveries(bank, hook.token);
      // Refused: a delivery of another endpoint. Nothing recorded.
      const other = (await api('POST', '/webhook', { ...as(bank), body: { url: r.url, event_types: ['*'] } }))
        .body.data;
      const before = (await trailOf(bank)).length;
      expectError(
        await api('POST', `/webhook/${other.token}/deliveries/${delivered!.token}/retry`, as(bank)),
        404,
        'error.not_found',
      );
      expect(await trailOf(bank)).toHaveLength(before);
      const retried = await api(
        'POST',
        `/webhook/${hook.token}/deliveries/${delivered!.token}/retry`,
        as(bank),
      );
      expect(retried.status, retried.text).toBe(200);
      expect(await about(bank, delivered!.token)).toEqual([
        expect.objectContaining({
          action: 'webhook.delivery_replayed',
          actor: byAdmin(bank),
          target: { type: 'webhook_delivery', id: delivered!.token },
          changes: {
            before: { status: 'succeeded' },
            after: { status: 'pending', event_id: delivered!.event_id, webhook_id: hook.token },
          },
        }),
      ]);
      expect(JSON.stringify(await trailOf(bank))).not.toContain(bank.key.apiKey);
    } finally {
      await r.close();
    }
  });

  it('tasks: put on hold and reopened, each with its reason and note; a change not allowed leaves none', async () => {
    const [a, b] = await linkedBanks();
    const body = pushBody(a, `payee@${b.domain}`, '1800');
    const sub = await createAndSubmit(a, body);
    const [task] = (await admissionTasks(b, body.payment_id, sub.admission_id)).filter(
      (t) => t.name === 'beneficiary_admission',
    );
    const held = await workTask(b, body.payment_id, sub.admission_id, task!.token, {
      status: 'on_hold',
      status_reason: 'business_reasons',
      note: 'checking the name',
    });
    expect(held.status, held.text).toBe(200);
    const reopened = await workTask(b, body.payment_id, sub.admission_id, task!.token, {
      status: 'pending',
      status_reason: 'accepted',
      note: 'name confirmed by phone',
    });
    expect(reopened.status, reopened.text).toBe(200);
    // Refused: pending → pending is no change. Nothing recorded.
    const before = (await trailOf(b)).length;
    expectError(
      await workTask(b, body.payment_id, sub.admission_id, task!.token, {
        status: 'pending',
        status_reason: 'accepted',
      }),
      409,
      'error.conflict',
    );
    expect(await trailOf(b)).toHaveLength(before);

    const entries = await about(b, task!.token);
    expect(entries).toMatchObject([
      {
        action: 'task.on_hold',
        actor: { kind: 'apikey', label: 'core' },
        target: { id: task!.token },
        changes: {
          before: { status: 'pending' },
          after: {
            status: 'on_hold',
            status_reason: 'business_reasons',
            note: 'checking the name',
            payment_id: body.payment_id,
            admission_id: sub.admission_id,
          },
        },
      },
      {
        action: 'task.pending',
        actor: { kind: 'apikey', label: 'core' },
        changes: {
          before: { status: 'on_hold' },
          after: { status: 'pending', note: 'name confirmed by phone' },
        },
      },
    ]);
    expect(entries).toHaveLength(2);
  });

  it('the second factor turned off with the password; a wrong password leaves only its refusal', async () => {
    const org = await createOrg();
    const secret = (await api('POST', '/me/second-factor/totp', { token: org.token })).body.data
      .secret as string;
    const code = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(secret),
    }).generate();
    expect(
      (await api('POST', '/me/second-factor/totp/confirm', { token: org.token, body: { code } })).status,
    ).toBe(200);
    const before = (await trailOf(org)).length;
    expectError(
      await api('POST', '/me/second-factor/disable', {
        token: org.token,
        body: { current_password: 'not-my-password' },
      }),
      403,
      'error.forbidden',
    );
    // The refused password is recorded as a failed sign-in is; the second factor did not change.
    const after = await trailOf(org);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ action: 'user.reauthentication_failed' });
    const off = await api('POST', '/me/second-factor/disable', {
      token: org.token,
      body: { current_password: org.password },
    });
    expect(off.status, off.text).toBe(200);
    const entries = await trailOf(org, '&action=user.second_factor_disabled');
    expect(entries).toMatchObject([
      {
        actor: byAdmin(org),
        target: { type: 'user', id: org.userId },
        changes: { after: { passkeys_removed: 0 } },
      },
    ]);
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(await trailOf(org))).not.toContain(secret);
  });

  it("the operator's decline of an organization, with its note, in that organization's trail; a second decision leaves none", async () => {
    const org = await createOrg();
    const op = await operatorToken();
    const declined = await api('POST', `/operator/organizations/${org.orgId}/reject`, {
      token: op,
      body: { note: 'no banking licence on file' },
    });
    expect(declined.status, declined.text).toBe(200);
    expectError(
      await api('POST', `/operator/organizations/${org.orgId}/verify`, { token: op, body: { note: 'oops' } }),
      409,
      'error.conflict',
    );
    const entries = await trailOf(org);
    const decisions = entries.filter(
      (e) => e.action.startsWith('organization.') && e.action !== 'organization.signed_up',
    );
    expect(decisions).toEqual([
      expect.objectContaining({
        action: 'organization.rejected',
        actor: expect.objectContaining({ kind: 'user', label: 'operator@network.test' }),
        target: { type: 'organization', id: org.orgId },
        org_id: org.orgId,
        changes: {
          before: { status: 'sandbox' },
          after: { status: 'rejected', note: 'no banking licence on file' },
        },
      }),
    ]);
  });
});
