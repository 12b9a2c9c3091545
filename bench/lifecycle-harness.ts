/**
 * What `npm run bench:lifecycle` and `npm run bench:soak` share: the set-up over the API (two
 * sandbox organizations, linked, with a transactions API key each) and the load generator
 * (bench/lifecycle-load.ts) in its own process.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { cpuByPid, cpuSecondsSince } from './proc';

const root = path.resolve(import.meta.dirname, '..');
export const STEPS = ['create', 'submit', 'tasks', 'complete', 'transaction'] as const;

export interface Party {
  apiKey: string;
  orgId: string;
  partnerId: string;
  domain: string;
}

export interface LoadResult {
  lifecycles: number;
  failed: number;
  seconds: number;
  lifecycles_per_sec: number;
  steps: Record<(typeof STEPS)[number], { count: number; p50_ms: number; p99_ms: number; non2xx: number }>;
  errors: number;
  samples: string[];
  client_cpu_s: number;
}

export async function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; partner?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.partner) headers['x-partner-id'] = opts.partner;
  if (method !== 'GET') headers['idempotency-key'] = crypto.randomUUID();
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** A sandbox organization (sign-up, sign-in), its first namespace and a transactions API key. */
export async function createParty(base: string, label: string): Promise<Party & { token: string }> {
  const email = `bench-${label}-${Date.now()}@bench.test`;
  const password = 'bench-password-1';
  const org = await call(base, 'POST', '/organization', {
    body: { name: `Bench ${label}`, admin_email: email, admin_password: password },
  });
  const { access_token: token } = await call(base, 'POST', '/organization/signin', {
    body: { admin_email: email, admin_password: password },
  });
  const ns = (await call(base, 'GET', '/partner', { token })).partners[0];
  const key = await call(base, 'POST', '/apikey', {
    token,
    partner: ns.token,
    body: {
      name: 'bench',
      access: {
        customers_read: false,
        customers_write: false,
        transactions_read: true,
        transactions_write: true,
      },
    },
  });
  return { token, apiKey: key.secret_key, orgId: org.token, partnerId: ns.token, domain: ns.domain };
}

/** Runs the load generator; reads the server's CPU when its measured window opens and closes. */
export function runLoad(
  args: Record<string, unknown>,
  onMark: (mark: 'start' | 'end') => void,
): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/lifecycle-load.ts'), JSON.stringify(args)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let result: LoadResult | undefined;
  createInterface({ input: child.stdout }).on('line', (line) => {
    const msg = JSON.parse(line);
    if (msg.mark) onMark(msg.mark);
    else result = msg;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) =>
      code === 0 && result ? resolve(result) : reject(new Error(`load generator exited with ${code}`)),
    );
  });
}

/**
 * The CPU spent in the load generator's measured window (runLoad's `onMark`): by the servers
 * (`serverCpu()`, read at both marks: their process trees) and by PostgreSQL's backends of
 * `databaseUrl` (null without one). `read()` after runLoad answers both, in seconds.
 */
export function cpuWindow(serverCpu: () => number, databaseUrl: string | undefined) {
  let server = 0;
  let db: number | null = null;
  let pgBefore = new Map<number, number>();
  let pending = Promise.resolve();
  return {
    onMark(mark: 'start' | 'end') {
      if (mark === 'start') {
        server = -serverCpu();
        pgBefore = cpuByPid();
        return;
      }
      server += serverCpu();
      const snapshot = pgBefore;
      if (databaseUrl)
        pending = backendPids(databaseUrl).then((pids) => void (db = cpuSecondsSince(snapshot, pids)));
    },
    async read(): Promise<{ server: number; db: number | null }> {
      await pending;
      return { server, db };
    },
  };
}

/** Rows a table gained, changed (of which HOT: no index touched) and lost; a database's commits and buffer hits. */
type Counts = Record<string, [number, number, number, number]>;

async function tableCounts(databaseUrl: string): Promise<Counts> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query(`
      SELECT relname AS name, n_tup_ins AS a, n_tup_upd AS b, n_tup_hot_upd AS c, n_tup_del AS d FROM pg_stat_user_tables
      UNION ALL
      SELECT '(commits, buffers hit)', xact_commit, blks_hit, 0, 0 FROM pg_stat_database WHERE datname = current_database()`);
    return Object.fromEntries(rows.map((r) => [r.name, [r.a, r.b, r.c, r.d].map(Number)])) as Counts;
  } finally {
    await c.end();
  }
}

/**
 * What the measured window wrote, table by table (`pg_stat_user_tables`, and the database's
 * commits and buffer hits): counts, not times, so two builds compare on any host however noisy.
 * `read(lifecycles)` answers each table's rows inserted / updated (HOT) / deleted a lifecycle,
 * those that moved. Backends report their counts at most once a second, so a window's edges are
 * a second fuzzy each way: run 15 s or more.
 */
export function writesWindow(databaseUrl: string) {
  let start: Promise<Counts> | undefined;
  let end: Promise<Counts> | undefined;
  return {
    onMark(mark: 'start' | 'end') {
      if (mark === 'start') start = tableCounts(databaseUrl);
      else end = tableCounts(databaseUrl);
    },
    async read(lifecycles: number): Promise<Record<string, string>> {
      if (!start || !end) return {};
      const [a, b] = await Promise.all([start, end]);
      const out: Record<string, string> = {};
      for (const [name, after] of Object.entries(b)) {
        const per = after.map((v, i) => (v - (a[name]?.[i] ?? 0)) / Math.max(1, lifecycles));
        if (per.every((x) => Math.abs(x) < 0.05)) continue;
        const f = (x: number) => (Math.abs(x) < 0.05 ? '–' : x.toFixed(1));
        out[name] =
          name === '(commits, buffers hit)'
            ? `${f(per[0]!)}, ${f(per[1]!)}`
            : `${f(per[0]!)} / ${f(per[1]!)} (${f(per[2]!)}) / ${f(per[3]!)}`;
      }
      return out;
    },
  };
}

export async function backendPids(databaseUrl: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((r) => Number(r.pid));
  } finally {
    await c.end();
  }
}

/** Two parties whose namespaces are linked: the debtor pays the beneficiary. */
export async function linkedParties(base: string) {
  const debtor = await createParty(base, 'debtor');
  const beneficiary = await createParty(base, 'beneficiary');
  const proposal = await call(base, 'POST', '/link', {
    token: debtor.token,
    partner: debtor.partnerId,
    body: { counterparty_domain: beneficiary.domain },
  });
  await call(base, 'PUT', `/link/${proposal.token}`, {
    token: beneficiary.token,
    partner: beneficiary.partnerId,
    body: { action: 'accept' },
  });
  await debtorCap(base, debtor.partnerId);
  return { debtor, beneficiary };
}

/**
 * The debtor's USD net debit cap for the run (docs/liquidity.md): none (`BENCH_CAP=off`, the
 * default: a sandbox's demo cap would stop a run of thousands of payments), or one it never
 * reaches but every admission checks (`BENCH_CAP=on`: the hot row under its lock). A gateway
 * without liquidity (an older build) answers 404: nothing to set.
 */
async function debtorCap(base: string, partnerId: string) {
  const { access_token: token } = await call(base, 'POST', '/organization/signin', {
    body: { admin_email: 'operator@network.test', admin_password: 'operator-test-password' },
  });
  const capped = process.env.BENCH_CAP === 'on';
  const res = await fetch(`${base}/operator/liquidity/${partnerId}/USD`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': crypto.randomUUID(),
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      cap: capped ? '999999999999999' : null,
      allow_unsecured: capped,
      note: 'benchmark',
    }),
  });
  if (!res.ok && res.status !== 404)
    throw new Error(`setting the bench cap: ${res.status} ${await res.text()}`);
}

/** A party as the load generator takes it (no JWT). */
export const loadParty = (p: Party): Party => ({
  apiKey: p.apiKey,
  orgId: p.orgId,
  partnerId: p.partnerId,
  domain: p.domain,
});
