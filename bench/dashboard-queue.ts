/**
 * `npm run bench:dashboard-queue`: the admission task queue with 10,000 pending tasks behind it.
 * Starts the production build (Next.js host) on a scratch PostgreSQL database with the demo data,
 * clones one of Demo Bank's waiting tasks 10,000 times in SQL, then drives Debian's Chromium:
 *   - navigation → first page of the queue visible (client-side from the sidebar, and a full load);
 *   - a task worked with the keyboard (`c`) → gone from the list (optimistic), and → the gateway's
 *     confirmation (toast).
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL). Env: BENCH_TASKS (default 10000),
 * BENCH_ROUNDS (default 10).
 */
import pg from 'pg';
import {
  DEMO_SUPPORT,
  armEventClock,
  elapsedUntil,
  loadAverage,
  quantile,
  withDashboard,
} from './dashboard-harness';

const TASKS = Number(process.env.BENCH_TASKS || 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 10);
/** Clones the waiting task of `paymentId` (payment, submission, task) `n` times, expiring later. */
async function cloneWaitingTask(databaseUrl: string, paymentId: string, n: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query('SELECT id FROM payments WHERE payment_id = $1', [paymentId]);
    const pk = rows[0]?.id;
    if (!pk) throw new Error(`demo payment ${paymentId} not found`);
    const series = `generate_series(1, ${n}) g`;
    await client.query(
      `INSERT INTO payments (id, payment_id, org_id, partner_id, debtor_partner_id, beneficiary_partner_id, payment_type,
         currency, amount_minor, reference, debtor_party, beneficiary_party, device, location, initiated_at, expires_at, created_at)
       SELECT 'pay_bench_' || g, 'bench-' || lpad(g::text, 5, '0'), org_id, partner_id, debtor_partner_id, beneficiary_partner_id,
         payment_type, currency, 1000 + g, reference, debtor_party, beneficiary_party, device, location, now(),
         now() + interval '2 hours' + g * interval '1 second', now()
       FROM payments, ${series} WHERE id = $1`,
      [pk],
    );
    await client.query(
      `INSERT INTO submissions (id, payment_pk, payment_id, org_id, partner_id, admission_id, workflow, status, expires_at, submitted_at, updated_at,
         debtor_partner_id, beneficiary_partner_id, payment_created_at)
       SELECT 'sub_bench_' || g, 'pay_bench_' || g, 'bench-' || lpad(g::text, 5, '0'), s.org_id, s.partner_id, 'adm_bench_' || g,
         s.workflow, 1, now() + interval '2 hours' + g * interval '1 second', now(), now(),
         s.debtor_partner_id, s.beneficiary_partner_id, p.created_at
       FROM submissions s, ${series} JOIN payments p ON p.id = 'pay_bench_' || g WHERE s.payment_pk = $1`,
      [pk],
    );
    await client.query(
      `INSERT INTO admission_tasks (id, admission_id, submission_id, payment_pk, payment_id, org_id, partner_id, name, workflow,
         assignee, status, status_reason, expires_at, created_at, updated_at)
       SELECT 'task_bench_' || g, 'adm_bench_' || g, 'sub_bench_' || g, 'pay_bench_' || g, 'bench-' || lpad(g::text, 5, '0'),
         org_id, partner_id, name, workflow, assignee, 1, 0, now() + interval '2 hours' + g * interval '1 second', now(), now()
       FROM admission_tasks, ${series} WHERE payment_pk = $1 AND status = 1 AND name = 'beneficiary_admission'`,
      [pk],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE payments; ANALYZE submissions; ANALYZE admission_tasks');
  } finally {
    await client.end();
  }
}

const summary = (xs: number[]) =>
  `median ${quantile(xs, 0.5).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms (n=${xs.length})`;

/** In-page condition: the queue's first task is on screen. */
const firstRowVisible = `!!document.querySelector('ul[aria-label="Tasks"] button')`;
/** In-page condition: no task row of `paymentId` is left in the list. */
const rowGone = (paymentId: string) =>
  `![...document.querySelectorAll('ul[aria-label="Tasks"] button span.font-medium')].some((s) => s.textContent === ${JSON.stringify(paymentId)})`;

async function main() {
  await withDashboard({
    user: DEMO_SUPPORT,
    // Clones Demo Bank's waiting payment once the demo seed has written it.
    addData: (databaseUrl) => cloneWaitingTask(databaseUrl, 'ucu-2003', TASKS),
    measure: async ({ context }) => {
      const page = await context.newPage();
      await page.goto('/tasks');
      await elapsedUntil(page, firstRowVisible, 'navigation');
      const count = (await page
        .getByText(/^\d+ waiting$/)
        .first()
        .textContent())!;

      const clientNav: number[] = [];
      const fullLoad: number[] = [];
      const optimistic: number[] = [];
      const confirmed: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        await page.goto('/payments');
        await page.getByRole('heading', { name: 'Payments' }).waitFor();
        await armEventClock(page, 'click');
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Task queue', exact: true })
          .click();
        clientNav.push(await elapsedUntil(page, firstRowVisible, 'event'));

        await page.goto('/tasks', { waitUntil: 'commit' });
        fullLoad.push(await elapsedUntil(page, firstRowVisible, 'navigation'));

        const row = page.getByRole('list', { name: 'Tasks' }).getByRole('button').first();
        const paymentId = (await row.locator('span.font-medium').textContent())!;
        await row.click();
        await armEventClock(page, 'keydown');
        await page.keyboard.press('c');
        optimistic.push(await elapsedUntil(page, rowGone(paymentId), 'event'));
        const toast = `Task for ${paymentId} completed`;
        confirmed.push(
          await elapsedUntil(page, `document.body.textContent.includes(${JSON.stringify(toast)})`, 'event'),
        );
      }
      console.log(`queue: ${count} (pending tasks of Demo Bank), load average ${loadAverage()}`);
      console.log(`navigation (sidebar) → first page visible: ${summary(clientNav)}`);
      console.log(`full page load → first page visible:     ${summary(fullLoad)}`);
      console.log(`task worked (c) → gone from the list:     ${summary(optimistic)}`);
      console.log(`task worked (c) → gateway confirmed:       ${summary(confirmed)}`);
    },
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
