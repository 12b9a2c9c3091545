-- PostgreSQL scans payments with one process. Every read of payments here is a page read newest
-- first (or a capped count) that stops once it has its rows; parallel workers read ahead of the
-- leader into their queues and do not stop with it. A name on 1 payment in 64 with a status on 1
-- in 7 read about 150,000 rows with two workers instead of about 12,000 without: 575–639 ms against
-- 29–47 ms at 10^6 payments, the plan otherwise the same (docs/benchmarks.md, "Serial scans of
-- payments"). It also makes an index build on payments use one process. The setting takes a lock
-- that neither reads nor writes wait for.
ALTER TABLE "payments" SET (parallel_workers = 0);
