-- The network's own figures (GET /operator/stats) kept like a namespace's, under the
-- pseudo-namespace '_network' (lib/services/overview/deltas.ts): every payment once by status, and
-- the transactions awaiting settlement. The rebuild recomputes them with the rest.
CREATE OR REPLACE FUNCTION "csp_rebuild_rollups"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM namespace_rollup_deltas;
  DELETE FROM namespace_rollups;
  INSERT INTO namespace_rollups (partner_id, metric, day, key, currency, count, amount)
  SELECT party.id, 'volume', csp_utc_day(p.created_at),
    CASE WHEN s.id IS NULL THEN 'unsubmitted' WHEN s.status = 3 AND t.status = 3 THEN 'settled'
      ELSE (ARRAY['pending', 'on_hold', 'admitted', 'rejected', 'expired'])[s.status] END,
    p.currency, count(*), sum(p.amount_minor)
  FROM payments p LEFT JOIN submissions s ON s.payment_pk = p.id LEFT JOIN transactions t ON t.id = s.transaction_id
  CROSS JOIN LATERAL (VALUES (p.debtor_partner_id),
    (CASE WHEN p.beneficiary_partner_id <> p.debtor_partner_id THEN p.beneficiary_partner_id END), ('_network')) AS party(id)
  WHERE party.id IS NOT NULL GROUP BY 1, 3, 4, 5;
  INSERT INTO namespace_rollups (partner_id, metric, day, key, count)
  SELECT t.partner_id, 'tasks', DATE '1970-01-01',
    CASE WHEN t.status IN (1, 4) AND s.status NOT IN (1, 2) THEN 'closed'
      ELSE (ARRAY['pending', 'completed', 'failed', 'on_hold'])[t.status] END, count(*)
  FROM admission_tasks t JOIN submissions s ON s.id = t.submission_id GROUP BY 1, 4;
  INSERT INTO namespace_rollups (partner_id, metric, day, key, key2, count)
  SELECT party.id, 'exceptions', csp_utc_day(e.created_at), e.exception_code, e.blame, count(*)
  FROM payment_exceptions e JOIN payments p ON p.id = e.payment_pk
  CROSS JOIN LATERAL (VALUES (p.debtor_partner_id),
    (CASE WHEN p.beneficiary_partner_id <> p.debtor_partner_id THEN p.beneficiary_partner_id END)) AS party(id)
  WHERE party.id IS NOT NULL GROUP BY 1, 3, 4, 5;
  INSERT INTO namespace_rollups (partner_id, metric, day, key, currency, count, amount)
  SELECT m.partner, 'awaiting', DATE '1970-01-01', m.key, t.currency, count(*), sum(m.amount)
  FROM settlement_queue q JOIN transactions t ON t.id = q.transaction_id
  CROSS JOIN LATERAL (VALUES (t.debtor_partner_id, 'out', t.amount_minor), (t.beneficiary_partner_id, 'in', t.amount_minor),
    (t.debtor_partner_id, 'txn', 0),
    (CASE WHEN t.beneficiary_partner_id <> t.debtor_partner_id THEN t.beneficiary_partner_id END, 'txn', 0),
    ('_network', 'txn', t.amount_minor)) AS m(partner, key, amount)
  WHERE m.partner IS NOT NULL GROUP BY 1, 4, 5;
END
$$;--> statement-breakpoint
-- The network's figures of what is already there, as deltas the fold takes in (one pass over
-- the payments and the settlement queue; the writes add theirs from now on).
INSERT INTO namespace_rollup_deltas (partner_id, metric, day, key, currency, count, amount)
SELECT '_network', 'volume', csp_utc_day(p.created_at),
  CASE WHEN s.id IS NULL THEN 'unsubmitted' WHEN s.status = 3 AND t.status = 3 THEN 'settled'
    ELSE (ARRAY['pending', 'on_hold', 'admitted', 'rejected', 'expired'])[s.status] END,
  p.currency, count(*), sum(p.amount_minor)
FROM payments p LEFT JOIN submissions s ON s.payment_pk = p.id LEFT JOIN transactions t ON t.id = s.transaction_id
GROUP BY 3, 4, 5;--> statement-breakpoint
INSERT INTO namespace_rollup_deltas (partner_id, metric, day, key, currency, count, amount)
SELECT '_network', 'awaiting', DATE '1970-01-01', 'txn', t.currency, count(*), sum(t.amount_minor)
FROM settlement_queue q JOIN transactions t ON t.id = q.transaction_id GROUP BY t.currency;
