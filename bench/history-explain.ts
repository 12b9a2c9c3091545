/**
 * The query plans behind each read of bench/history-reads.ts: the gateway app runs in this
 * process on the benchmark's database, every statement a read sends to PostgreSQL is recorded
 * (text and parameters, at the driver), then run again under EXPLAIN (ANALYZE, BUFFERS) on a
 * separate connection. Whatever SQL the services send, today's or a later version's, is what gets
 * explained. Written to a text file: per read, each statement and its plan.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import type { Fixtures, Read } from './history-reads';

interface Recorded {
  text: string;
  values: unknown[];
}

const UNRECORDED = Symbol('unrecorded');
let recording: Recorded[] | null = null;

/** Records the statements of every pg client of this process while `recording` is set. */
function patchDriver() {
  const proto = pg.Client.prototype as unknown as {
    query: (...args: unknown[]) => unknown;
    __benchPatched?: boolean;
  };
  if (proto.__benchPatched) return;
  const original = proto.query;
  proto.query = function (this: Record<symbol, unknown>, ...args: unknown[]) {
    if (recording && !this[UNRECORDED]) {
      const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
      const text = typeof config === 'string' ? config : config?.text;
      const params =
        typeof config === 'object' && config?.values ? config.values : Array.isArray(values) ? values : [];
      if (text) recording.push({ text, values: params });
    }
    return original.apply(this, args);
  };
  proto.__benchPatched = true;
}

export interface PlanSummary {
  read: string;
  statements: Array<{ sql: string; ms: number; top: string[] }>;
}

/**
 * Runs each read once through the in-process gateway and explains its statements. `signIn`
 * answers the bearer token of the namespace's admin (and of the operator) for this app.
 */
export async function explainReads(opts: {
  databaseUrl: string;
  reads: Read[];
  fixtures: Fixtures;
  file: string;
  headerLines: string[];
  credentials: { email: string; password: string; operatorEmail: string; operatorPassword: string };
}): Promise<PlanSummary[]> {
  patchDriver();
  const { openDatabase } = await import('@/lib/db/client');
  const { getGateway } = await import('@/lib/gateway/app');
  const { API_PREFIX } = await import('@/lib/api/app');
  const { stopProcess } = await import('@/lib/server/start');
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, poolSize: 4 });
  // The gateway's handle (lib/db/index.ts keeps it on globalThis): this database, not DATABASE_URL.
  (globalThis as unknown as { __cspDatabase?: Promise<typeof database> }).__cspDatabase =
    Promise.resolve(database);
  const app = getGateway();
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await app.fetch(
      new Request(`http://bench.local${API_PREFIX}${path}`, {
        method,
        headers: {
          ...headers,
          ...(body ? { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    const json = (await res.json()) as { data?: Record<string, unknown> };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data!;
  };
  const signIn = async (email: string, password: string) =>
    (await call('POST', '/organization/signin', {}, { admin_email: email, admin_password: password }))
      .access_token as string;
  const admin = await signIn(opts.credentials.email, opts.credentials.password);
  const operator = await signIn(opts.credentials.operatorEmail, opts.credentials.operatorPassword);

  const explainer = new pg.Client({ connectionString: opts.databaseUrl });
  (explainer as unknown as Record<symbol, unknown>)[UNRECORDED] = true;
  await explainer.connect();
  writeFileSync(opts.file, `${opts.headerLines.join('\n')}\n`);
  const summaries: PlanSummary[] = [];
  try {
    for (const read of opts.reads) {
      const headers: Record<string, string> = read.operator
        ? { authorization: `Bearer ${operator}` }
        : {
            authorization: `Bearer ${admin}`,
            'x-partner-id': opts.fixtures.homeId,
            'x-org-id': opts.fixtures.homeOrgId,
          };
      const vars = read.prepare
        ? await read.prepare(opts.fixtures, {
            get: (p) => call('GET', p, headers),
            sql: async (t, v) => (await explainer.query(t, v)).rows,
          })
        : {};
      const path = read.path(opts.fixtures, 0, vars);
      if (!path) continue;
      recording = [];
      const t0 = performance.now();
      try {
        await call('GET', path, headers);
      } finally {
        const statements = recording;
        recording = null;
        appendFileSync(
          opts.file,
          `\n${'='.repeat(100)}\n${read.name}: GET ${path} (${(performance.now() - t0).toFixed(0)} ms in process)\n`,
        );
        const summary: PlanSummary = { read: read.name, statements: [] };
        for (const s of statements) {
          if (!/^\s*(select|with)\b/i.test(s.text)) continue;
          let lines: string[];
          try {
            const { rows } = await explainer.query({
              text: `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`,
              values: s.values,
            });
            lines = rows.map((r) => String(r['QUERY PLAN']));
          } catch (err) {
            lines = [`(EXPLAIN failed: ${(err as Error).message})`];
          }
          const total = lines.find((l) => l.startsWith('Execution Time'));
          const ms = total ? Number(total.replace(/[^0-9.]/g, '')) : NaN;
          summary.statements.push({ sql: s.text, ms, top: lines.slice(0, 12) });
          appendFileSync(
            opts.file,
            `\n-- ${s.text.replace(/\s+/g, ' ')}\n-- parameters: ${JSON.stringify(s.values).slice(0, 400)}\n${lines.join('\n')}\n`,
          );
        }
        summaries.push(summary);
      }
    }
  } finally {
    await explainer.end();
    // The process's stop: the request log's entries and the rate limiters' counts of the calls
    // above are written, then the database (the gateway's handle) is closed.
    await stopProcess();
  }
  return summaries;
}
