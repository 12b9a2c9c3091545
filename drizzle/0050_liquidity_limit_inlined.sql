-- csp_liquidity_limit as one expression, without the FROM of 0048: PostgreSQL inlines a SQL
-- function whose body is a single SELECT of an expression, and plans and runs any other one as a
-- statement of its own at every call. It is called four times in each admission (the debtor's
-- check, the transaction's status, the alert trigger on both rows): each call was planned and
-- run apart. The same values as 0048's: the bound (the balance plus 10^18, and never past a
-- bigint itself) is written out where it is used.
CREATE OR REPLACE FUNCTION csp_liquidity_limit(cap bigint, balance bigint, allow_unsecured boolean, unlimited boolean) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN unlimited THEN
      CASE WHEN balance > 8223372036854775807 THEN 9223372036854775807 ELSE balance + 1000000000000000000 END
    WHEN cap IS NULL THEN 0
    WHEN allow_unsecured THEN least(cap,
      CASE WHEN balance > 8223372036854775807 THEN 9223372036854775807 ELSE balance + 1000000000000000000 END)
    ELSE least(cap, greatest(balance, 0)) END
$$;
