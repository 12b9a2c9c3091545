-- A task update is one statement whose first part moves the admission's submission on from the
-- version and status that were read (optimistic concurrency, lib/services/payments/task-update.ts).
-- When another change came first that part matches no row, and this function, given its output,
-- aborts the whole statement with its own SQLSTATE, so the service can tell a lost race from any
-- other error.
CREATE OR REPLACE FUNCTION csp_guard_passed(changed_at timestamptz) RETURNS timestamptz
LANGUAGE plpgsql AS $$
BEGIN
  IF changed_at IS NULL THEN
    RAISE EXCEPTION 'the admission changed since it was read' USING ERRCODE = 'CSP01';
  END IF;
  RETURN changed_at;
END
$$;
