/**
 * `npm run bench:lifecycle-services`: the payment services alone, in process, no HTTP: one client
 * runs lifecycles one after another (create → submit → the admission's tasks → complete the task →
 * the payment's transactions) between two linked namespaces, and reports per step the process's
 * CPU time and the wall time. Steadier than the HTTP benchmark on a busy machine, and it separates
 * the payment path's cost from the HTTP layer's (credentials, idempotency, envelope).
 * Databases: PGlite in memory, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 * Env: BENCH_LIFECYCLES (default 300, after 30 unmeasured).
 */
import { eq } from 'drizzle-orm';
import { createTestDatabase, testContext } from '@/lib/testing/db';
import { schema } from '@/lib/db';
import type { NamespaceInfo, ServiceContext } from '@/lib/services/context';
import { bootstrap } from '@/lib/services/setup/bootstrap';
import { signUp } from '@/lib/services/organizations/organizations';
import { actOnLink, proposeLink } from '@/lib/services/links/links';
import { createPayment } from '@/lib/services/payments/payments';
import { listAdmissionTasks, submitPayment } from '@/lib/services/payments/submissions';
import { updateTask } from '@/lib/services/payments/tasks';
import { listPaymentTransactions } from '@/lib/services/payments/records';

const STEPS = ['create', 'submit', 'tasks', 'complete', 'transaction'] as const;
type Step = (typeof STEPS)[number];
const n = Number(process.env.BENCH_LIFECYCLES || 300);
const WARMUP = 30;
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

async function party(db: ServiceContext['db'], label: string): Promise<ServiceContext> {
  const org = await signUp(db, {
    name: `Bench ${label}`,
    admin_email: `${label}-${Date.now()}@bench.test`,
    admin_password: 'bench-password-1',
  });
  const [ns] = await db.select().from(schema.namespaces).where(eq(schema.namespaces.orgId, org.token));
  const access = {
    customers_read: false,
    customers_write: false,
    transactions_read: true,
    transactions_write: true,
  };
  return testContext(db, {
    orgId: org.token,
    orgStatus: 'sandbox',
    namespace: ns as NamespaceInfo,
    principal: {
      kind: 'apikey',
      keyId: `api_bench_${label}`,
      name: label,
      orgId: org.token,
      partnerId: ns!.id,
      access,
    },
  });
}

async function run(kind: 'pglite' | 'postgres') {
  process.env.TEST_DB = kind;
  const database = await createTestDatabase();
  try {
    await bootstrap(database.db);
    const debtor = await party(database.db, 'debtor');
    const beneficiary = await party(database.db, 'beneficiary');
    const link = await proposeLink(debtor, { counterparty_domain: beneficiary.namespace!.domain });
    await actOnLink(beneficiary, link.token, 'accept');

    const cpu: Record<Step, number> = { create: 0, submit: 0, tasks: 0, complete: 0, transaction: 0 };
    const wall: Record<Step, number> = { ...cpu };
    for (let i = 0; i < n + WARMUP; i++) {
      const measured = i >= WARMUP;
      const timed = async <T>(step: Step, f: () => Promise<T>): Promise<T> => {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const result = await f();
        if (measured) {
          const c = process.cpuUsage(c0);
          cpu[step] += c.user + c.system;
          wall[step] += performance.now() - t0;
        }
        return result;
      };
      const paymentId = `bench-${i}`;
      await timed('create', () =>
        createPayment(debtor, {
          payment_id: paymentId,
          amount: { currency: 'USD', total: String(1000 + i) },
          debtor_party: { payment_address: `payer@${debtor.namespace!.domain}` },
          beneficiary_party: { payment_address: `payee@${beneficiary.namespace!.domain}` },
          payment_type: 'Type_Push',
        }),
      );
      const sub = await timed('submit', () => submitPayment(debtor, paymentId));
      const { tasks } = await timed('tasks', () =>
        listAdmissionTasks(beneficiary, paymentId, sub.admission_id),
      );
      const ids = { paymentId, admissionId: sub.admission_id, taskId: tasks[0]!.token };
      await timed('complete', () =>
        updateTask(beneficiary, ids, { status: 'completed', status_reason: 'accepted' }),
      );
      const txns = await timed('transaction', () => listPaymentTransactions(debtor, paymentId));
      if (txns.count !== 1) throw new Error(`payment ${paymentId} has ${txns.count} transactions`);
    }
    return { kind, cpu, wall };
  } finally {
    await database.close();
  }
}

const kinds: Array<'pglite' | 'postgres'> = pgUrl ? ['postgres', 'pglite'] : ['pglite'];
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
const rows: string[] = [];
for (const kind of kinds) {
  const r = await run(kind);
  const cells = STEPS.map((s) => `${Math.round(r.cpu[s] / n)} / ${(r.wall[s] / n).toFixed(2)}`);
  const total = STEPS.reduce((sum, s) => sum + r.cpu[s], 0);
  rows.push(`| ${kind} | ${cells.join(' | ')} | ${Math.round(total / n)} |`);
}
const [l1, l5, l15] = (await import('node:os')).loadavg().map((l) => l.toFixed(2));
console.log(
  [
    `Payment services in process, one client, ${n} lifecycles (load average ${l1} ${l5} ${l15}); per step: CPU µs / wall ms`,
    '',
    `| database | ${STEPS.join(' | ')} | CPU µs per lifecycle |`,
    `|---|${STEPS.map(() => '---:').join('|')}|---:|`,
    ...rows,
  ].join('\n'),
);
process.exit(0);
