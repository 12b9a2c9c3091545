-- A disabled endpoint keeps what it misses: the events it subscribes to are queued and fanned out
-- to it as deliveries already failed (lib/webhooks/outbox.ts), so that recovery ("resend what
-- failed since…") sends them once it is enabled again. Only deleted endpoints take nothing.
CREATE OR REPLACE FUNCTION "csp_events_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_queue (seq)
  SELECT e.seq FROM inserted e
  WHERE EXISTS (
    SELECT 1 FROM webhooks h
    WHERE h.partner_id = e.partner_id AND h.deleted_at IS NULL
      AND CASE WHEN e.type = 'webhook.test' THEN e.data->>'webhook_id' = h.id ELSE h.event_types ? '*' OR h.event_types ? e.type END
  );
  IF FOUND THEN
    PERFORM pg_notify('csp_events', '');
  END IF;
  RETURN NULL;
END
$$;
