/**
 * Synthetic cleared transactions for the settlement benchmark, generated in SQL with
 * generate_series: n transactions among `spread` namespaces, two currencies (USD, EUR), no on-us.
 * Nearly every ordered pair of namespaces trades (the worst case for the number of positions).
 * Identifiers grow with insertion order, as those of lib/ids.ts do (time first).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';

export async function generateCleared(db: Db, n: number, spread: number, prefix: string) {
  await db.execute(
    sql`INSERT INTO organizations (id, name, status) VALUES ('org_bench', 'Bench', 'verified') ON CONFLICT DO NOTHING`,
  );
  await db.execute(
    sql.raw(`INSERT INTO namespaces (id, org_id, name, domain, environment)
    SELECT '${prefix}' || i, 'org_bench', '${prefix}' || i, '${prefix}' || i || '.bench', 'production' FROM generate_series(0, ${spread - 1}) i ON CONFLICT DO NOTHING`),
  );
  const chunk = 50_000;
  for (let from = 0; from < n; from += chunk) {
    const to = Math.min(n, from + chunk) - 1;
    const pair = `('${prefix}' || (i % ${spread}))`;
    const seq = `lpad(i::text, 10, '0')`;
    const other = `('${prefix}' || ((i * 7 + 1 + (i / ${spread})) % ${spread}))`;
    const ben = `CASE WHEN ${other} = ${pair} THEN '${prefix}' || ((i + 1) % ${spread}) ELSE ${other} END`;
    await db.execute(
      sql.raw(`INSERT INTO payments (id, payment_id, org_id, partner_id, debtor_partner_id, beneficiary_partner_id, payment_type, currency, amount_minor, debtor_party, beneficiary_party, initiated_at, expires_at)
      SELECT 'pay_${prefix}' || ${seq}, 'pay_${prefix}' || ${seq}, 'org_bench', ${pair}, ${pair}, ${ben}, 'Type_Push', CASE WHEN i % 4 = 0 THEN 'EUR' ELSE 'USD' END, 100 + (i * 37) % 100000, '{}', '{}', now() - interval '1 minute', now() + interval '1 day'
      FROM generate_series(${from}, ${to}) i`),
    );
    await db.execute(
      sql.raw(`INSERT INTO submissions (id, payment_pk, payment_id, org_id, partner_id, admission_id, workflow, status, transaction_id, expires_at, debtor_partner_id, beneficiary_partner_id, payment_created_at)
      SELECT 'sub_${prefix}' || ${seq}, p.id, p.payment_id, 'org_bench', ${pair}, 'adm_${prefix}' || ${seq}, 'push.v1', 3, 'txn_${prefix}' || ${seq}, now() + interval '1 day', p.debtor_partner_id, p.beneficiary_partner_id, p.created_at
      FROM generate_series(${from}, ${to}) i JOIN payments p ON p.id = 'pay_${prefix}' || ${seq}`),
    );
    await db.execute(
      sql.raw(`INSERT INTO transactions (id, payment_pk, payment_id, submission_id, approval_code, currency, amount_minor, debtor_partner_id, beneficiary_partner_id, initiated_at, cleared_at)
      SELECT 'txn_${prefix}' || ${seq}, p.id, p.id, 'sub_${prefix}' || ${seq}, 'BENCH1', p.currency, p.amount_minor, p.debtor_partner_id, p.beneficiary_partner_id, p.initiated_at, now() - interval '1 second'
      FROM generate_series(${from}, ${to}) i JOIN payments p ON p.id = 'pay_${prefix}' || ${seq}`),
    );
  }
}
