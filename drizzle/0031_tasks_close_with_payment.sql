-- Tasks close with their payment (docs/decisions.md): an open task (pending, on hold) whose
-- submission is no longer open (rejected by a sibling's failure, or expired) is counted under
-- 'closed', not among the tasks waiting. The writes move it there from now on (task-update.ts,
-- expiry.ts); the rebuild counts it so, and the tasks already closed move here, as deltas.
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
    (CASE WHEN p.beneficiary_partner_id <> p.debtor_partner_id THEN p.beneficiary_partner_id END)) AS party(id)
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
    (CASE WHEN t.beneficiary_partner_id <> t.debtor_partner_id THEN t.beneficiary_partner_id END, 'txn', 0)) AS m(partner, key, amount)
  WHERE m.partner IS NOT NULL GROUP BY 1, 4, 5;
END
$$;--> statement-breakpoint
INSERT INTO namespace_rollup_deltas (partner_id, metric, day, key, count)
SELECT t.partner_id, 'tasks', DATE '1970-01-01', m.key, m.sign * count(*)
FROM admission_tasks t JOIN submissions s ON s.id = t.submission_id
CROSS JOIN LATERAL (VALUES ((ARRAY['pending', 'completed', 'failed', 'on_hold'])[t.status], -1), ('closed', 1)) AS m(key, sign)
WHERE t.status IN (1, 4) AND s.status NOT IN (1, 2)
GROUP BY t.partner_id, m.key, m.sign;
