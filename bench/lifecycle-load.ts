/**
 * Load generator of `npm run bench:lifecycle`, run as its own process: `clients` concurrent
 * clients, each running payment lifecycles back to back over keep-alive HTTP for `warmup` then
 * `duration` seconds. Only lifecycles started after the warm-up are counted. Prints one JSON line:
 * lifecycles, per-step latencies (p50/p99), non-2xx and network errors, and its own CPU time;
 * before it, a `{mark: 'start'}` line when the measured window opens and `{mark: 'end'}` when it closes.
 * Args: JSON {baseUrl, clients, warmup, duration, debtor: Party, beneficiary: Party}; `baseUrl` may
 * be a list (several instances, `npm run bench:cluster`): requests go to them in turn, as a
 * round-robin load balancer would send them.
 * HTTP goes through undici's connection pool: on the two cores it shares with the server it uses
 * about half the CPU per request of node:http's client (44 against 77–86 µs for a small POST).
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';

interface Party {
  apiKey: string;
  orgId: string;
  partnerId: string;
  domain: string;
}

const opts = JSON.parse(process.argv[2]!) as {
  baseUrl: string | string[];
  clients: number;
  warmup: number;
  duration: number;
  debtor: Party;
  beneficiary: Party;
};
const urls = [opts.baseUrl].flat().map((u) => new URL(u));
const pools = urls.map((u) => new Pool(u.origin, { connections: opts.clients }));
let turn = 0;

const STEPS = ['create', 'submit', 'tasks', 'complete', 'transaction'] as const;
type Step = (typeof STEPS)[number];

interface Answer {
  status: number;
  body: { data?: any; code?: string; message?: string } | undefined;
}

async function request(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  party: Party,
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = {
    'x-service-api-key': party.apiKey,
    'x-org-id': party.orgId,
    'x-partner-id': party.partnerId,
  };
  if (method !== 'GET') headers['idempotency-key'] = randomUUID();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const at = turn++ % pools.length;
  const res = await pools[at]!.request({ method, path: urls[at]!.pathname + path, headers, body: payload });
  const text = await res.body.text();
  let parsed: Answer['body'];
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { message: text.slice(0, 200) };
  }
  return { status: res.statusCode, body: parsed };
}

const latencies: Record<Step, number[]> = {
  create: [],
  submit: [],
  tasks: [],
  complete: [],
  transaction: [],
};
const non2xx: Record<Step, number> = { create: 0, submit: 0, tasks: 0, complete: 0, transaction: 0 };
const samples: string[] = [];
let errors = 0;
let completed = 0;
let failed = 0;

class StepFailed extends Error {}

/** One step: timed, counted; a non-2xx or a wrong body fails the lifecycle. */
async function step(
  name: Step,
  counted: boolean,
  send: () => Promise<Answer>,
  check: (a: Answer) => boolean,
) {
  const t0 = performance.now();
  let answer: Answer;
  try {
    answer = await send();
  } catch (err) {
    if (counted) errors++;
    if (samples.length < 5) samples.push(`${name}: ${(err as Error).message}`);
    throw new StepFailed();
  }
  const ms = performance.now() - t0;
  const ok = answer.status >= 200 && answer.status < 300 && check(answer);
  if (counted) {
    latencies[name].push(ms);
    if (answer.status < 200 || answer.status >= 300) non2xx[name]++;
  }
  if (!ok) {
    if (samples.length < 5)
      samples.push(`${name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    throw new StepFailed();
  }
  return answer.body!.data;
}

/** create → submit → the admission's tasks → complete the beneficiary's task → the transaction. */
async function lifecycle(counted: boolean, n: number) {
  const { debtor, beneficiary } = opts;
  const paymentId = `bench-${randomUUID()}`;
  const p = `/payments/${paymentId}`;
  // Below the review threshold (one task only), varied so no two payments look alike.
  const total = String(1000 + (n % 90_000));
  const body = {
    payment_id: paymentId,
    amount: { currency: 'USD', total },
    debtor_party: {
      payment_address: `payer@${debtor.domain}`,
      first_name: 'Pat',
      last_name: 'Payer',
      type: 'Payer_Individual',
    },
    beneficiary_party: {
      payment_address: `payee@${beneficiary.domain}`,
      first_name: 'Bea',
      last_name: 'Payee',
      type: 'Payee_Individual',
    },
    reference: 'bench',
    payment_type: 'Type_Push',
  };
  await step(
    'create',
    counted,
    () => request('POST', '/payments', debtor, body),
    (a) => a.body?.data?.payment_id === paymentId,
  );
  const sub = await step(
    'submit',
    counted,
    () => request('POST', `${p}/submissions`, debtor),
    (a) => a.body?.data?.status === 1,
  );
  const tasks = await step(
    'tasks',
    counted,
    () => request('GET', `${p}/admissions/${sub.admission_id}/tasks`, beneficiary),
    (a) => a.body?.data?.count === 1,
  );
  const task = tasks.tasks[0];
  await step(
    'complete',
    counted,
    () =>
      request('PUT', `${p}/admissions/${sub.admission_id}/tasks/${task.token}`, beneficiary, {
        status: 'completed',
        status_reason: 'accepted',
      }),
    (a) => a.body?.data?.status === 2,
  );
  await step(
    'transaction',
    counted,
    () => request('GET', `${p}/transactions`, debtor),
    (a) => a.body?.data?.count === 1 && a.body.data.transactions[0].status === 2,
  );
}

const start = performance.now();
const measureFrom = start + opts.warmup * 1000;
const end = measureFrom + opts.duration * 1000;
let seq = 0;
let cpuAtMeasure: NodeJS.CpuUsage | undefined;
// Markers on stdout let the parent read the server's CPU time over the same window.
const timer = setTimeout(() => {
  cpuAtMeasure = process.cpuUsage();
  console.log(JSON.stringify({ mark: 'start' }));
}, opts.warmup * 1000);

async function client() {
  while (performance.now() < end) {
    const counted = performance.now() >= measureFrom;
    try {
      await lifecycle(counted, seq++);
      if (counted) completed++;
    } catch (err) {
      if (!(err instanceof StepFailed)) throw err;
      if (counted) failed++;
    }
  }
}

await Promise.all(Array.from({ length: opts.clients }, client));
clearTimeout(timer);
// Lifecycles started before the end finish after it; the rate is over the time actually spent.
const elapsed = (performance.now() - measureFrom) / 1000;
const cpu = process.cpuUsage(cpuAtMeasure);
console.log(JSON.stringify({ mark: 'end' }));
await Promise.all(pools.map((p) => p.close()));

const pct = (xs: number[], q: number) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
};
console.log(
  JSON.stringify({
    lifecycles: completed,
    failed,
    seconds: elapsed,
    lifecycles_per_sec: Math.round((completed / elapsed) * 10) / 10,
    steps: Object.fromEntries(
      STEPS.map((s) => [
        s,
        {
          count: latencies[s].length,
          p50_ms: pct(latencies[s], 0.5),
          p99_ms: pct(latencies[s], 0.99),
          non2xx: non2xx[s],
        },
      ]),
    ),
    errors,
    samples,
    client_cpu_s: (cpu.user + cpu.system) / 1e6,
  }),
);
