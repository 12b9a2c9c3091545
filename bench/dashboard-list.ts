/**
 * `npm run bench:dashboard-list`: the payments list with 10,000 payments behind it.
 * Starts the production build (Next.js host) on a scratch PostgreSQL database with the demo data,
 * adds 10,000 payments of Demo Bank in SQL (three in four submitted: pending, rejected or expired),
 * then drives Debian's Chromium and times, until the first page's rows are on screen:
 *   - navigation from the sidebar (client-side), and a full page load;
 *   - the next page (pager), and a status filter (server-side filtering over all rows);
 *   - the proxied list request alone (the server's share of those times).
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL). Env: BENCH_PAYMENTS (default 10000),
 * BENCH_ROUNDS (default 10). Target: first page ≤ 1 s after navigation.
 */
import pg from 'pg';
import {
  DEMO_ADMIN,
  armEventClock,
  elapsedUntil,
  loadAverage,
  quantile,
  withDashboard,
} from './dashboard-harness';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS || 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 10);
const TARGET_MS = 1000;
/** Clones Demo Bank's payment `template` `n` times, one second apart, with submissions for 3 in 4. */
async function addPayments(databaseUrl: string, template: string, n: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query('SELECT id FROM payments WHERE payment_id = $1', [template]);
    const pk = rows[0]?.id;
    if (!pk) throw new Error(`demo payment ${template} not found`);
    const series = `generate_series(1, ${n}) g`;
    await client.query(
      `INSERT INTO payments (id, payment_id, org_id, partner_id, debtor_partner_id, beneficiary_partner_id, payment_type,
         currency, amount_minor, reference, debtor_party, beneficiary_party, device, location, initiated_at, expires_at, created_at)
       SELECT 'pay_list_' || g, 'list-' || lpad(g::text, 5, '0'), org_id, partner_id, debtor_partner_id, beneficiary_partner_id,
         payment_type, currency, 1000 + g, reference, debtor_party, beneficiary_party, device, location,
         now() - g * interval '1 second', now() + interval '2 days', now() - g * interval '1 second'
       FROM payments, ${series} WHERE id = $1`,
      [pk],
    );
    // Statuses 1 pending, 4 rejected, 5 expired: none of them needs tasks or a transaction.
    await client.query(
      `INSERT INTO submissions (id, payment_pk, payment_id, org_id, partner_id, admission_id, workflow, status, expires_at, submitted_at, updated_at,
         debtor_partner_id, beneficiary_partner_id, payment_created_at)
       SELECT 'sub_list_' || g, p.id, p.payment_id, p.org_id, p.partner_id, 'adm_list_' || g,
         'push.v1', (ARRAY[1, 4, 5])[1 + g % 3], now() + interval '2 days', now(), now(),
         p.debtor_partner_id, p.beneficiary_partner_id, p.created_at
       FROM ${series} JOIN payments p ON p.id = 'pay_list_' || g WHERE g % 4 <> 0`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE payments; ANALYZE submissions');
  } finally {
    await client.end();
  }
}

const summary = (xs: number[]) => ({
  median: quantile(xs, 0.5),
  max: Math.max(...xs),
});

/**
 * In-page condition: the Payments table shows page `n`: its pager says so, no skeleton row is
 * left and the first row links to its payment.
 */
const rowsShown = (n: number) => `(() => {
  const table = [...document.querySelectorAll('table')].find((t) => t.caption?.textContent === 'Payments');
  if (!table || table.querySelector('.animate-pulse') || !table.tBodies[0]?.rows[0]?.querySelector('a')) return false;
  return [...document.querySelectorAll('main span')].some((s) => / · page ${n} of \\d+$/.test(s.textContent ?? ''));
})()`;

async function main() {
  await withDashboard({
    user: DEMO_ADMIN,
    // Clones Demo Bank's payment once the demo seed has written it.
    addData: (databaseUrl) => addPayments(databaseUrl, 'inv-0990', PAYMENTS),
    measure: async ({ context }) => {
      const page = await context.newPage();
      await page.goto('/payments');
      await elapsedUntil(page, rowsShown(1), 'navigation');
      const me = await (await page.request.get('/api/proxy/me')).json();
      const partnerId = (me.data.preferred_partner_id ?? me.data.partners[0].token) as string;
      const total = (await page.getByText(/^\d+ total · page/).textContent())!.split(' ')[0];

      const results: Record<string, number[]> = {
        'navigation (sidebar) → first page': [],
        'full page load → first page': [],
        'next page (pager) → its rows': [],
        'status filter (rejected) → first page': [],
        'of which: GET /api/proxy/payments (server answer)': [],
      };
      const [nav, load, next, filter, api] = Object.values(results) as [
        number[],
        number[],
        number[],
        number[],
        number[],
      ];
      for (let i = 0; i < ROUNDS; i++) {
        await page.goto('/customers');
        await page.getByRole('heading', { name: 'Customers' }).waitFor();
        await armEventClock(page, 'click');
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Payments', exact: true })
          .click();
        nav.push(await elapsedUntil(page, rowsShown(1), 'event'));

        await page.goto('/payments', { waitUntil: 'commit' });
        load.push(await elapsedUntil(page, rowsShown(1), 'navigation'));

        await armEventClock(page, 'click');
        await page.getByRole('button', { name: 'Next' }).click();
        next.push(await elapsedUntil(page, rowsShown(2), 'event'));

        // A select's change comes with no click: the clock starts just before it.
        await page.evaluate(
          () => ((window as unknown as { __benchT0?: number }).__benchT0 = performance.now()),
        );
        await page.getByLabel('Status').selectOption('rejected');
        filter.push(
          await elapsedUntil(page, `${rowsShown(1)} && location.search.includes('status=rejected')`, 'event'),
        );

        // The server's share: the proxy route, the gateway, the page and its count over all rows.
        const t0 = performance.now();
        const res = await page.request.get('/api/proxy/payments?page=1&limit=20', {
          headers: { 'x-partner-id': partnerId },
        });
        if (res.status() !== 200) throw new Error(`list answered ${res.status()}`);
        api.push(performance.now() - t0);
      }

      console.log(
        `\npayments list of Demo Bank: ${total} payments (${PAYMENTS} added), ${ROUNDS} rounds, load average ${loadAverage()}\n`,
      );
      console.log('| step | median ms | max ms | ≤ 1 s |');
      console.log('|---|---:|---:|---|');
      for (const [step, xs] of Object.entries(results)) {
        const s = summary(xs);
        console.log(
          `| ${step} | ${s.median.toFixed(0)} | ${s.max.toFixed(0)} | ${s.median <= TARGET_MS ? 'yes' : '**no**'} |`,
        );
      }
    },
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
