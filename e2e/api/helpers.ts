import { expect, inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { contractOf, type Contract } from './contract';

let own: { baseUrl: string; databaseUrl?: string } | undefined;
/** Points this test file's helpers at a server of its own (startServer) instead of the suite's. */
export function targetServer(server: { baseUrl: string; databaseUrl?: string } | undefined) {
  own = server;
}

export const baseUrl = () => own?.baseUrl ?? inject('baseUrl');
export const dbKind = () => inject('dbKind');
export const OPERATOR = { email: 'operator@network.test', password: 'operator-test-password' };

export interface ApiOptions {
  token?: string;
  apiKey?: string;
  partner?: string;
  org?: string;
  body?: unknown;
  /** A raw body string sent as is (for malformed JSON and size tests). */
  rawBody?: string;
  contentType?: string | null;
  /** true (default for POST/PUT/DELETE): a fresh key; a string: that key; false: none. */
  idempotencyKey?: string | boolean;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export async function api<T = any>(
  method: string,
  path: string,
  opts: ApiOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.apiKey) headers['x-service-api-key'] = opts.apiKey;
  if (opts.partner) headers['x-partner-id'] = opts.partner;
  if (opts.org) headers['x-org-id'] = opts.org;
  const mutating = method !== 'GET';
  const key = opts.idempotencyKey ?? mutating;
  if (key === true) headers['idempotency-key'] = randomUUID();
  else if (typeof key === 'string') headers['idempotency-key'] = key;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && opts.contentType !== null)
    headers['content-type'] = opts.contentType ?? 'application/json';
  const res = await fetch(baseUrl() + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  // Every answer against the served document (e2e/api/contract.ts): a drift fails the test.
  const drift = (await contract()).check(method, baseUrl() + path, res.status, res.headers, parsed);
  if (drift.length) throw new Error(`The answer breaks the OpenAPI document:\n${drift.join('\n')}`);
  return { status: res.status, body: parsed as T, text, headers: res.headers };
}

let served: Promise<Contract> | undefined;
/** The served document as a contract, read once per test process from the suite's server. */
function contract(): Promise<Contract> {
  served ??= fetch(`${inject('baseUrl')}/openapi.json`)
    .then((r) => r.json())
    .then((doc) => contractOf(doc));
  return served;
}

export const uniq = () => randomUUID().slice(0, 8);

type KeyRight = 'customers_read' | 'customers_write' | 'transactions_read' | 'transactions_write';

/** An API key's `access` (POST /apikey) granting the rights named and no other. */
export function keyAccess(...rights: KeyRight[]) {
  return {
    customers_read: rights.includes('customers_read'),
    customers_write: rights.includes('customers_write'),
    transactions_read: rights.includes('transactions_read'),
    transactions_write: rights.includes('transactions_write'),
  };
}

/** Every right an API key can have. */
export const ALL_ACCESS = keyAccess(
  'customers_read',
  'customers_write',
  'transactions_read',
  'transactions_write',
);

/** A bank account's body as `POST /account` takes it (the tests' one account). */
export const ACCOUNT_BODY = {
  account_title: 'Operating',
  account_number: '000123456789',
  routing_number: '021000021',
  type: 'checking',
  institution: {
    name: 'First Clearing',
    phone_number: '+1 212 555 0100',
    address: { address: '1 Main St', city: 'Springfield', postal_code: '12345', state: 'IL' },
  },
};

export interface TestOrg {
  orgId: string;
  token: string;
  partnerId: string;
  domain: string;
  email: string;
  password: string;
  userId: string;
}

/** Signs up a fresh sandbox organization and signs its admin in. */
export async function createOrg(name = `Test Bank ${uniq()}`): Promise<TestOrg> {
  const email = `admin-${uniq()}@example.test`;
  const password = 'correct-horse-battery';
  const su = await api('POST', '/organization', {
    body: { name, admin_email: email, admin_password: password },
  });
  if (su.status !== 200) throw new Error(`sign-up failed: ${su.status} ${su.text}`);
  const si = await signIn(email, password);
  const ns = await api('GET', '/partner', { token: si.access_token });
  const partner = ns.body.data.partners[0];
  return {
    orgId: su.body.data.token,
    token: si.access_token,
    partnerId: partner.token,
    domain: partner.domain,
    email,
    password,
    userId: si.user_id,
  };
}

export async function signIn(
  email: string,
  password: string,
): Promise<{ access_token: string; token: string; user_id: string; role: string }> {
  const res = await api('POST', '/organization/signin', {
    body: { admin_email: email, admin_password: password },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return res.body.data;
}

/**
 * A dashboard session cookie (the Next.js host), signed in through next-auth's credentials form as
 * a browser is: the Cookie header to send with it.
 */
export async function dashboardSession(email: string, password: string): Promise<string> {
  const origin = new URL(baseUrl()).origin;
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: header() },
    body: new URLSearchParams({ csrfToken, email, password }),
  });
  keep(signIn);
  expect([...cookies.keys()].some((k) => k.endsWith('session-token'))).toBe(true);
  return header();
}

/**
 * A person `org`'s admin adds with an initial password, signed in: their e-mail, user id and JWT.
 * `domain`: their e-mail's (a test that looks for it in an answer names its own).
 */
export async function addMember(
  org: { token: string },
  role: 'admin' | 'support' | 'viewer',
  domain = 'example.test',
) {
  const email = `${role}-${uniq()}@${domain}`;
  const password = `${role}-password-1`;
  const res = await api('POST', '/users', { token: org.token, body: { email, role, password } });
  expect(res.status, res.text).toBe(200);
  const signedIn = await signIn(email, password);
  return { email, id: signedIn.user_id, token: signedIn.access_token };
}

export async function operatorToken(): Promise<string> {
  return (await signIn(OPERATOR.email, OPERATOR.password)).access_token;
}

/**
 * The files of the api-cutoffs project share its server, one file at a time (vitest.config.ts):
 * each first runs a cut-off, so that what the files before it left cleared is settled and its own
 * cut-offs batch only its transactions, as on a server of its own.
 */
export async function settleEarlierFiles() {
  const cut = await api('POST', '/settlements', { token: await operatorToken() });
  expect(cut.status, cut.text).toBe(200);
}

/** Signs up an organization and has the operator verify it (for production namespaces). */
export async function createVerifiedOrg(name?: string): Promise<TestOrg> {
  const org = await createOrg(name);
  const op = await operatorToken();
  const res = await api('POST', `/operator/organizations/${org.orgId}/verify`, { token: op });
  if (res.status !== 200) throw new Error(`verify failed: ${res.text}`);
  return org;
}

/** Direct SQL for database-state assertions; only on the PostgreSQL run (PGlite is owned by the server). */
export async function withSql<T>(fn: (c: pg.Client) => Promise<T>): Promise<T | undefined> {
  const url = own ? own.databaseUrl : inject('databaseUrl');
  if (!url) return undefined;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export function expectError(res: ApiResponse, status: number, code: string) {
  if (res.status !== status || res.body?.code !== code || typeof res.body?.message !== 'string') {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${res.text}`);
  }
}

/**
 * A list's answer (lib/services/paging.ts): `count` and the rows, alone on their page unless
 * `paging` says rows follow (`more`) or precede (`before`) it.
 */
export function listAnswer(
  count: number,
  rows: Record<string, unknown[]>,
  paging: { more?: boolean; before?: boolean } = {},
) {
  return {
    count,
    count_capped: false,
    has_more: paging.more ?? false,
    next_cursor: paging.more ? expect.any(String) : null,
    prev_cursor: paging.before ? expect.any(String) : null,
    ...rows,
  };
}

/** A settlement list's answer: `total` instead of `count` (the spec's name). */
export function totalAnswer(
  total: number,
  rows: Record<string, unknown[]>,
  paging: { more?: boolean; before?: boolean } = {},
) {
  const { count, count_capped, ...rest } = listAnswer(total, rows, paging);
  return { total: count, total_capped: count_capped, ...rest };
}
