-- A customer's name searched at 10^7 payments (1 customer in 256, its payments 0.39 % of them) was
-- estimated from the search text's 1,000-bucket histogram (migration 0042) at 0.1 % in one ANALYZE
-- sample: about 4 buckets are expected to hold such a name, and that sample had 1. At 0.1 % the
-- planner read the trigram index's whole bitmap, 39,000 payments (1.25 s), instead of the
-- namespace's newest payments until a page matched (19-36 ms). Three thousand buckets expect about
-- 12 (docs/benchmarks.md, "Searches at 10^7, counts and the search text's statistics"). ANALYZE of
-- payments then samples 900,000 rows (44 s at 10^7), and planning a search compares the fragment
-- with 3,000 values (about 2 ms).
ALTER INDEX "payments_search_text_idx" ALTER COLUMN 1 SET STATISTICS 3000;
