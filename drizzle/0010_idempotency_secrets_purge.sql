-- Idempotency records written before this release keep the answers of API-key creation and
-- rotation, webhook creation and secret rotation, and sign-in in plaintext (secrets and JWTs),
-- and unkeyed SHA-256 fingerprints of bodies that hold passwords. Such answers are now sealed and
-- fingerprints keyed (lib/api/idempotency.ts); the old records, which could not be replayed under
-- the new fingerprints anyway, all go. TRUNCATE rather than DELETE: the table's files are replaced,
-- so no dead row version keeps a secret on disk until a vacuum.
TRUNCATE TABLE "idempotency_keys";
