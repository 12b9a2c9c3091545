-- The planner estimates a payments search fragment (`lower(search text) LIKE '%fragment%'`) from
-- the expression index's histogram: with the default 100 buckets a name on 1 payment in 64 was
-- found in no sampled value about one time in four, estimated at the floor (1 in 10,000), and the
-- whole trigram bitmap read (13 s at 10^7 payments) instead of the namespace's newest payments
-- until a page matched (6 ms). A thousand buckets find such a name about 15 times.
ALTER INDEX "payments_search_text_idx" ALTER COLUMN 1 SET STATISTICS 1000;
