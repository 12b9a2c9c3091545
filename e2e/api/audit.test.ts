import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import {
  api,
  createOrg,
  dbKind,
  expectError,
  keyAccess,
  operatorToken,
  signIn,
  uniq,
  withSql,
  type TestOrg,
} from './helpers';
import { admissionTasks, createAndSubmit, linkedBanks, pushBody, workTask } from './payments-helpers';

const NO_ACCESS = keyAccess();

type Entry = {
  token: string;
  action: string;
  actor: { kind: string; id: string | null; label: string };
  target: { type: string; id: string | null };
  changes: { before?: Record<string, unknown>; after?: Record<string, unknown> } | null;
  partner_id: string | null;
  org_id: string | null;
  request_id: string | null;
  ip: string | null;
  user_agent: string | null;
  occurred_at_ms: number;
};

const trail = async (org: TestOrg, query = '') => {
  const res = await api('GET', `/audit-events${query}`, { token: org.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data as {
    count: number;
    archived_through: number | null;
    has_more: boolean;
    next_cursor: string | null;
    audit_events: Entry[];
  };
};
/** The entries about one target, oldest first. */
const about = async (org: TestOrg, target: string) =>
  (await trail(org, `?target=${encodeURIComponent(target)}&limit=100`)).audit_events.reverse();

describe('GET /api/v1/csp/audit-events', () => {
  it('holds one entry per change, with the actor, the changed fields and the request, never a secret', async () => {
    const org = await createOrg();
    const first = await trail(org);
    expect(first.archived_through).toBeNull();
    // Sign-up and sign-in are the organization's first entries.
    expect(first.audit_events.map((e) => e.action).sort()).toEqual(
      ['namespace.created', 'organization.signed_up', 'user.signed_in'].sort(),
    );

    const created = await api('POST', '/apikey', {
      token: org.token,
      partner: org.partnerId,
      body: { name: 'Payouts', access: NO_ACCESS },
      headers: { 'user-agent': 'audit-test/1.0', 'x-request-id': 'req-audit-1' },
    });
    const key = created.body.data;
    await api('PATCH', `/apikey/${key.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { name: 'Payouts v2' },
    });
    await api('PATCH', `/apikey/${key.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { enabled: false },
    });
    const rotated = (await api('POST', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId }))
      .body.data;
    await api('DELETE', `/apikey/${key.token}`, { token: org.token, partner: org.partnerId });

    const entries = await about(org, key.token);
    expect(entries.map((e) => e.action)).toEqual([
      'api_key.created',
      'api_key.updated',
      'api_key.disabled',
      'api_key.rotated',
      'api_key.deleted',
    ]);
    expect(entries[0]).toMatchObject({
      actor: { kind: 'user', id: org.userId, label: org.email },
      target: { type: 'api_key', id: key.token },
      partner_id: org.partnerId,
      org_id: org.orgId,
      request_id: 'req-audit-1',
      user_agent: 'audit-test/1.0',
    });
    expect(entries[0]!.ip).toBeTruthy();
    expect(entries[1]!.changes).toEqual({ before: { name: 'Payouts' }, after: { name: 'Payouts v2' } });
    // A rotation without an overlap: the old secret stopped at the rotation, and the entry says so.
    expect(entries[3]!.changes).toEqual({
      before: { secret_key_last4: key.secret_key.slice(-4) },
      after: {
        secret_key_last4: rotated.secret_key.slice(-4),
        previous_secret_key_last4: key.secret_key.slice(-4),
        previous_valid_until: expect.any(Number),
      },
    });
    const until = (entries[3]!.changes as { after: { previous_valid_until: number } }).after
      .previous_valid_until;
    // At the rotation: the service's clock rounded down to the second, the entry's the database's.
    expect(Math.abs(entries[3]!.occurred_at_ms / 1000 - until)).toBeLessThan(2);
    const everything = JSON.stringify(await trail(org, '?limit=100'));
    expect(everything).not.toContain(key.secret_key);
    expect(everything).not.toContain(rotated.secret_key);
    expect(everything).not.toContain(org.password);
  });

  it('records users, webhooks and namespaces; a refused change leaves nothing', async () => {
    const org = await createOrg();
    const email = `support-${uniq()}@example.test`;
    const invited = (
      await api('POST', '/users', {
        token: org.token,
        body: { email, role: 'support', password: 'support-password-1' },
      })
    ).body.data;
    await api('PATCH', `/users/${invited.token}`, { token: org.token, body: { role: 'viewer' } });
    await api('DELETE', `/users/${invited.token}`, { token: org.token });
    const users = await about(org, invited.token);
    expect(users.map((e) => [e.action, e.changes])).toEqual([
      ['user.invited', { after: { email, name: '', role: 'support', by: 'initial password' } }],
      ['user.role_changed', { before: { role: 'support' }, after: { role: 'viewer' } }],
      ['user.removed', { before: { email, name: '', role: 'viewer' } }],
    ]);

    const hook = (
      await api('POST', '/webhook', {
        token: org.token,
        partner: org.partnerId,
        body: { url: 'https://hooks.example.com/a', event_types: ['payment.created'] },
      })
    ).body.data;
    await api('PATCH', `/webhook/${hook.token}`, {
      token: org.token,
      partner: org.partnerId,
      body: { url: 'https://hooks.example.com/b' },
    });
    const rotatedHook = (
      await api('POST', `/webhook/${hook.token}/rotate-secret`, { token: org.token, partner: org.partnerId })
    ).body.data;
    await api('DELETE', `/webhook/${hook.token}`, { token: org.token, partner: org.partnerId });
    const hooks = await about(org, hook.token);
    expect(hooks.map((e) => e.action)).toEqual([
      'webhook.created',
      'webhook.updated',
      'webhook.secret_rotated',
      'webhook.deleted',
    ]);
    expect(hooks[1]!.changes).toEqual({
      before: { url: 'https://hooks.example.com/a' },
      after: { url: 'https://hooks.example.com/b' },
    });
    const all = JSON.stringify(await trail(org, '?limit=100'));
    expect(all).not.toContain(hook.secret);
    expect(all).not.toContain(rotatedHook.secret);

    await api('PATCH', `/partner/${org.partnerId}`, { token: org.token, body: { name: 'Renamed' } });
    const ns = (await about(org, org.partnerId)).filter((e) => e.action === 'namespace.updated');
    expect(ns).toHaveLength(1);
    expect(ns[0]!.changes?.after).toEqual({ name: 'Renamed' });

    // Refused: the last admin keeps the role, an unknown event type is refused. Nothing recorded.
    const before = (await trail(org, '?limit=100')).count;
    expect(
      (await api('PATCH', `/users/${org.userId}`, { token: org.token, body: { role: 'viewer' } })).status,
    ).toBe(400);
    expect(
      (
        await api('POST', '/webhook', {
          token: org.token,
          partner: org.partnerId,
          body: { url: 'https://hooks.example.com/c', event_types: ['no.such.event'] },
        })
      ).status,
    ).toBe(400);
    expect((await trail(org, '?limit=100')).count).toBe(before);
  });

  it("records a key's task decision under the key's name, and a person's payment", async () => {
    const [a, b] = await linkedBanks();
    const body = pushBody(a, `payee@${b.domain}`, '2500');
    const sub = await createAndSubmit(a, body);
    const [task] = (await admissionTasks(b, body.payment_id, sub.admission_id)).filter(
      (t) => t.name === 'beneficiary_admission',
    );
    const decided = await workTask(b, body.payment_id, sub.admission_id, task!.token, {
      status: 'failed',
      status_reason: 'blocked_account',
      note: 'account frozen',
    });
    expect(decided.status, decided.text).toBe(200);
    const entries = await about(b, task!.token);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'task.failed',
      actor: { kind: 'apikey', label: 'core' },
      changes: {
        before: { status: 'pending' },
        after: {
          status: 'failed',
          status_reason: 'blocked_account',
          note: 'account frozen',
          payment_id: body.payment_id,
          admission_id: sub.admission_id,
        },
      },
    });
    expect(entries[0]!.actor.id).toMatch(/^api_/);
    // An API key's payment is the payment itself; a person's is also in the trail.
    expect(await about(a, body.payment_id)).toEqual([]);
    const byHand = pushBody(a, `payee@${b.domain}`, '700');
    const made = await api('POST', '/payments', {
      token: a.token,
      partner: a.partnerId,
      org: a.orgId,
      body: byHand,
    });
    expect(made.status, made.text).toBe(200);
    const submitted = await api('POST', `/payments/${byHand.payment_id}/submissions`, {
      token: a.token,
      partner: a.partnerId,
      org: a.orgId,
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect((await about(a, byHand.payment_id)).map((e) => [e.action, e.actor.label])).toEqual([
      ['payment.created', a.email],
      ['payment.submitted', a.email],
    ]);
  });

  it('filters by action, actor, target and time, pages by cursor, and records failed sign-ins', async () => {
    const org = await createOrg();
    for (let i = 0; i < 3; i++)
      await api('POST', '/apikey', {
        token: org.token,
        partner: org.partnerId,
        body: { name: `k${i}`, access: NO_ACCESS },
      });
    const bad = await api('POST', '/organization/signin', {
      body: { admin_email: org.email, admin_password: 'not-the-password' },
    });
    expect(bad.status).toBe(401);
    const failed = await trail(org, '?action=user.sign_in_failed');
    expect(failed.audit_events).toHaveLength(1);
    expect(failed.audit_events[0]).toMatchObject({ actor: { kind: 'anonymous', label: org.email } });

    const keys = await trail(org, '?action=api_key.created&limit=2');
    expect(keys.count).toBe(3);
    expect(keys.has_more).toBe(true);
    const rest = await trail(org, `?action=api_key.created&limit=2&cursor=${keys.next_cursor}`);
    expect(rest.audit_events).toHaveLength(1);
    const names = [...keys.audit_events, ...rest.audit_events].map((e) => e.changes?.after?.name);
    expect(names).toEqual(['k2', 'k1', 'k0']);
    // Oldest first (`order=asc`), by cursor; a cursor continues the order it was made in.
    const oldest = await trail(org, '?action=api_key.created&limit=2&order=asc');
    const oldestRest = await trail(
      org,
      `?action=api_key.created&limit=2&order=asc&cursor=${oldest.next_cursor}`,
    );
    expect([...oldest.audit_events, ...oldestRest.audit_events].map((e) => e.changes?.after?.name)).toEqual([
      'k0',
      'k1',
      'k2',
    ]);
    expect(oldestRest.next_cursor).toBeNull();
    const otherOrder = await api(
      'GET',
      `/audit-events?action=api_key.created&limit=2&cursor=${oldest.next_cursor}`,
      {
        token: org.token,
      },
    );
    expectError(otherOrder, 400, 'error.bad_request');
    expect(otherOrder.body.message).toContain(
      'cursor: it belongs to the same list with other filters or another order',
    );
    const badOrder = await api('GET', '/audit-events?order=newest', { token: org.token });
    expectError(badOrder, 400, 'error.bad_request');
    expect(badOrder.body.message).toContain('order must be asc or desc');
    expect(
      (await trail(org, `?actor=${encodeURIComponent(org.email.toUpperCase())}&action=api_key.created`))
        .count,
    ).toBe(3);
    expect((await trail(org, '?actor=nobody%40example.test')).count).toBe(0);
    const now = Math.floor(Date.now() / 1000);
    expect((await trail(org, `?occurred_from=${now + 60}`)).count).toBe(0);
    expect(
      (await trail(org, `?occurred_from=${now - 600}&occurred_to=${now + 60}`)).count,
    ).toBeGreaterThanOrEqual(6);
    // A cursor belongs to its filters.
    expectError(
      await api('GET', `/audit-events?action=user.signed_in&cursor=${keys.next_cursor}`, {
        token: org.token,
      }),
      400,
      'error.bad_request',
    );
    expectError(
      await api('GET', '/audit-events?occurred_from=yesterday', { token: org.token }),
      400,
      'error.bad_request',
    );
    // Times are bounded (to 9999-12-31), and a cursor forged to carry a time or a number the
    // database cannot read is refused as a cursor: 400, never 500.
    const future = await api('GET', '/audit-events?occurred_from=1000000000000', { token: org.token });
    expect([future.status, future.body]).toEqual([
      400,
      {
        code: 'error.bad_request',
        message:
          'occurred_from: occurred_from must be Unix seconds, an integer from 0 (1970-01-01T00:00:00Z) to 253402300799 (9999-12-31T23:59:59Z)',
        field: 'occurred_from',
      },
    ]);
    const made = JSON.parse(Buffer.from(keys.next_cursor!, 'base64url').toString()) as { k: string[] };
    for (const k of [
      ['2026-13-45 00:00:00+00', made.k[1]],
      ['garbage', made.k[1]],
      [made.k[0], '99999999999999999999'],
    ]) {
      const forged = Buffer.from(JSON.stringify({ ...made, k })).toString('base64url');
      const res = await api('GET', `/audit-events?action=api_key.created&limit=2&cursor=${forged}`, {
        token: org.token,
      });
      expect([res.status, res.body], k.join()).toEqual([
        400,
        { code: 'error.bad_request', message: 'cursor: not a cursor of this list', field: 'cursor' },
      ]);
    }
  });

  it("keeps one organization's people out of another's trail: a failed sign-in of an e-mail two organizations hold names no address", async () => {
    const [a, b] = [await createOrg(), await createOrg()];
    const headers = { 'user-agent': 'Browser of B' };
    // Alone, B's account is known: its failed sign-in keeps the address and browser, in B's trail.
    const alone = await api('POST', '/organization/signin', {
      headers,
      body: { admin_email: b.email, admin_password: 'not-the-password' },
    });
    expect(alone.status).toBe(401);
    const known = (await trail(b, '?action=user.sign_in_failed')).audit_events;
    expect(known).toHaveLength(1);
    expect(known[0]).toMatchObject({ user_agent: 'Browser of B', ip: expect.any(String) });
    // A adds an account with B's admin's e-mail; B's admin mistypes again.
    const added = await api('POST', '/users', {
      token: a.token,
      body: { email: b.email, role: 'viewer', password: 'viewer-password-x1' },
    });
    expect(added.status, added.text).toBe(200);
    const again = await api('POST', '/organization/signin', {
      headers,
      body: { admin_email: b.email, admin_password: 'still-not-the-password' },
    });
    expect(again.status).toBe(401);
    // Each organization records the refusal of its account, neither with where it came from.
    const [inA, inB] = [
      (await trail(a, '?action=user.sign_in_failed')).audit_events,
      (await trail(b, '?action=user.sign_in_failed')).audit_events,
    ];
    expect(inA).toHaveLength(1);
    expect(inA[0]).toMatchObject({ actor: { label: b.email }, ip: null, user_agent: null });
    expect(inB).toHaveLength(2);
    expect(inB[0]).toMatchObject({ ip: null, user_agent: null });
    expect(JSON.stringify(inA)).not.toContain('Browser of B');
  });

  it('records a wrong current password (a password change, the second factor off) as user.reauthentication_failed', async () => {
    const org = await createOrg();
    const changed = await api('POST', '/me/password', {
      token: org.token,
      body: { current_password: 'not-the-password', new_password: 'a-new-password-that-is-long-9' },
    });
    expectError(changed, 403, 'error.forbidden');
    expect(changed.body.message).toBe('current_password is not your current password');
    const off = await api('POST', '/me/second-factor/disable', {
      token: org.token,
      body: { current_password: 'not-the-password' },
    });
    expectError(off, 403, 'error.forbidden');
    const entries = (await trail(org, '?action=user.reauthentication_failed')).audit_events;
    expect(entries.map((e) => [e.actor.label, e.changes?.after?.operation])).toEqual([
      [org.email, 'second_factor_off'],
      [org.email, 'password_change'],
    ]);
    // The right one changes the password: no failure recorded for it.
    const right = await api('POST', '/me/password', {
      token: org.token,
      body: { current_password: org.password, new_password: 'a-new-password-that-is-long-9' },
    });
    expect(right.status, right.text).toBe(200);
    expect((await trail(org, '?action=user.reauthentication_failed')).count).toBe(2);
  });

  it('is read by admins and support of the organization only; the operator reads every trail', async () => {
    const org = await createOrg();
    const other = await createOrg();
    expectError(
      await api('GET', `/audit-events?org_id=${other.orgId}`, { token: org.token }),
      403,
      'error.forbidden',
    );
    const email = `viewer-${uniq()}@example.test`;
    await api('POST', '/users', {
      token: org.token,
      body: { email, role: 'viewer', password: 'viewer-password-1' },
    });
    const viewer = await signIn(email, 'viewer-password-1');
    expectError(await api('GET', '/audit-events', { token: viewer.access_token }), 403, 'error.forbidden');
    expectError(await api('GET', '/audit-events'), 401, 'error.unauthorized');
    const op = await operatorToken();
    await api('POST', `/operator/organizations/${org.orgId}/verify`, {
      token: op,
      body: { note: 'documents checked' },
    });
    const seen = await api('GET', `/audit-events?org_id=${org.orgId}&action=organization.verified`, {
      token: op,
    });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.data.audit_events[0]).toMatchObject({
      actor: { kind: 'user', label: 'operator@network.test' },
      changes: { before: { status: 'sandbox' }, after: { status: 'verified', note: 'documents checked' } },
    });
    // The organization sees who verified it, in its own trail.
    expect((await trail(org, '?action=organization.verified')).count).toBe(1);
    const cut = await api('POST', '/settlements', { token: op });
    expect(cut.status, cut.text).toBe(200);
    const network = await api('GET', '/audit-events?org_id=network&action=settlement.cutoff_requested', {
      token: op,
    });
    expect(network.body.data.count).toBeGreaterThanOrEqual(1);
  });

  it('exports the filtered trail as CSV, streamed', async () => {
    const org = await createOrg();
    await api('POST', '/apikey', {
      token: org.token,
      partner: org.partnerId,
      body: { name: '=cmd|x, "quoted"', access: NO_ACCESS },
    });
    const res = await fetch(
      `${(await import('./helpers')).baseUrl()}/audit-events/export?action=api_key.created`,
      {
        headers: { authorization: `Bearer ${org.token}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('audit-events.csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'occurred_at,token,org_id,partner_id,actor_kind,actor_id,actor,action,target_type,target_id,before,after,request_id,ip,user_agent',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',api_key.created,api_key,');
    // A formula is defused and quotes are doubled.
    expect(lines[1]).toContain('"{""name"":""=cmd|x, \\""quoted\\""""');
    // The whole trail, in either order: the same lines, reversed.
    const exported = async (query: string) =>
      (
        await (
          await fetch(`${(await import('./helpers')).baseUrl()}/audit-events/export${query}`, {
            headers: { authorization: `Bearer ${org.token}` },
          })
        ).text()
      )
        .trim()
        .split('\r\n')
        .slice(1);
    const newestFirst = await exported('');
    expect(newestFirst.length).toBeGreaterThanOrEqual(4);
    expect(await exported('?order=asc')).toEqual([...newestFirst].reverse());
    expectError(
      await api('GET', `/audit-events/export?org_id=${uniq()}`, { token: org.token }),
      403,
      'error.forbidden',
    );
  });

  it('cannot be changed through the database: UPDATE and DELETE are refused', async () => {
    await withSql(async (c) => {
      await expect(c.query("UPDATE audit_events SET action = 'x'")).rejects.toThrow(/append-only/);
      await expect(c.query('DELETE FROM audit_events')).rejects.toThrow(/append-only/);
    });
  });
});

// `npm run verify-audit` is a separate process reading the database: PostgreSQL only (the PGlite
// folder belongs to the running server).
// Each test starts the command three or four times (a Node process with tsx, a second or more each
// on a loaded machine) beside its API calls: more than the default 30 s there.
describe.runIf(dbKind() === 'postgres')('npm run verify-audit', { timeout: 120_000 }, () => {
  /** The command as an operator runs it: its exit code and what it printed. */
  const verify = (chain: string, ...more: string[]) => npmRun('verify-audit', chain, ...more);
  const npmRun = async (script: string, ...args: string[]) => {
    const run = promisify(execFile)('npm', ['run', '-s', script, '--', ...args], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'warn' },
    });
    try {
      return { code: 0, out: (await run).stdout };
    } catch (e) {
      const failed = e as { code: number; stdout: string };
      return { code: failed.code, out: failed.stdout };
    }
  };
  /** The organization's entries once the sealer has chained them all, oldest first. */
  const sealed = async (org: TestOrg) => {
    for (let i = 0; ; i++) {
      const rows = await withSql(
        async (c) =>
          (
            await c.query<{ seq: string; pos: string | null }>(
              `SELECT e.seq, l.pos FROM audit_events e LEFT JOIN audit_links l ON l.seq = e.seq
               WHERE e.org_id = $1 ORDER BY l.pos`,
              [org.orgId],
            )
          ).rows,
      );
      if (rows!.every((r) => r.pos !== null)) return rows!;
      if (i > 300) throw new Error('the sealer did not chain the entries in 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** As the tables' owner, behind the application's back: the append-only trigger off for one statement. */
  const asOwner = (statement: string, params: unknown[]) =>
    withSql(async (c) => {
      await c.query('BEGIN');
      await c.query('ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only');
      await c.query(statement, params);
      await c.query('ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only');
      await c.query('COMMIT');
    });

  it("passes on an organization's chain and fails at the entry edited by the database owner", async () => {
    const org = await createOrg();
    await api('POST', '/apikey', {
      token: org.token,
      partner: org.partnerId,
      body: { name: 'Payouts', access: NO_ACCESS },
    });
    const entries = await sealed(org);
    expect(entries.length).toBeGreaterThanOrEqual(4);
    const clean = await verify(org.orgId);
    expect(clean.code, clean.out).toBe(0);
    expect(clean.out).toContain(`chain ${org.orgId}: ${entries.length} entries checked`);
    expect(clean.out).toContain(`the audit trail of ${org.orgId} verifies`);

    const victim = entries[2]!;
    await asOwner(`UPDATE audit_events SET actor_label = 'someone@else.test' WHERE seq = $1`, [victim.seq]);
    const edited = await verify(org.orgId);
    expect(edited.code, edited.out).toBe(1);
    expect(edited.out).toContain(`FAIL at position 3 (entry seq ${victim.seq})`);
    expect(edited.out).toContain(`the audit trail of ${org.orgId} does NOT verify`);
    // Every chain at once: this one is named among those that do not verify.
    const all = await npmRun('verify-audit', '--all');
    expect(all.code).toBe(1);
    expect(all.out).toMatch(new RegExp(`\\d+ of \\d+ chains do NOT verify: .*${org.orgId}`));

    // Another organization's chain is not affected.
    const other = await createOrg();
    await sealed(other);
    expect((await verify(other.orgId)).code).toBe(0);
  });

  it('npm run archive-audit moves what came before a time to a file; verification goes on from it', async () => {
    const org = await createOrg();
    const entries = await sealed(org);
    await new Promise((r) => setTimeout(r, 1100));
    const cut = new Date().toISOString();
    await api('POST', '/apikey', {
      token: org.token,
      partner: org.partnerId,
      body: { name: 'After the cut', access: NO_ACCESS },
    });
    await sealed(org);
    const folder = mkdtempSync(path.join(tmpdir(), 'csp-audit-files-'));
    try {
      const archived = await npmRun('archive-audit', '--before', cut, '--to', folder, org.orgId);
      expect(archived.code, archived.out).toBe(0);
      const file = path.join(folder, `audit-${org.orgId}-1-${entries.length}.jsonl`);
      expect(archived.out).toContain(
        `chain ${org.orgId}: positions 1 to ${entries.length} (${entries.length} entries) → ${file}`,
      );
      // Out of the database: the trail reads what came after the cut only, and says up to when
      // entries were archived.
      const listed = (await api('GET', '/audit-events', { token: org.token })).body.data;
      expect(listed.audit_events).toMatchObject([{ action: 'api_key.created' }]);
      expect(listed.archived_through).toBeLessThanOrEqual(Math.floor(Date.parse(cut) / 1000));
      expect(listed.archived_through).toBeGreaterThan(Math.floor(Date.parse(cut) / 1000) - 60);
      const operator = await operatorToken();
      expect(
        (await api('GET', `/audit-events?org_id=${org.orgId}`, { token: operator })).body.data
          .archived_through,
      ).toBe(listed.archived_through);
      expect((await api('GET', '/audit-events', { token: operator })).body.data.archived_through).toBeNull();
      const checked = await verify(org.orgId, '--archives', folder);
      expect(checked.code, checked.out).toBe(0);
      expect(checked.out).toContain(`positions 1 to ${entries.length} archived in 1 file(s), 1 checked`);
      expect(checked.out).toContain(`chain ${org.orgId}: 1 entries checked`);

      writeFileSync(file, readFileSync(file, 'utf8').replace(org.email, `x${org.email}`));
      const tampered = await verify(org.orgId, '--archives', folder);
      expect(tampered.code, tampered.out).toBe(1);
      expect(tampered.out).toMatch(
        /FAIL at position \d+: archive audit-.*: entry \d+ was changed after it was recorded/,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
