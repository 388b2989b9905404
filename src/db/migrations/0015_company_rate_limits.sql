-- A company's own API rate limits (issue 12), set by the operator with
-- `canopy companies set-limits`. NULL: the configuration's default applies. They are read
-- with the token on every v2 request, so a change applies at once on every process.
ALTER TABLE companies
  ADD COLUMN rate_limit_per_token_per_minute integer CHECK (rate_limit_per_token_per_minute >= 1),
  ADD COLUMN rate_limit_per_company_per_minute integer CHECK (rate_limit_per_company_per_minute >= 1),
  ADD COLUMN rate_limit_writes_per_company_per_minute integer CHECK (rate_limit_writes_per_company_per_minute >= 1);

-- Counters last a minute; losing them in a crash only gives every client a fresh window,
-- and a standby need not have them. UNLOGGED, they write no WAL, so the update every API
-- request makes to its company's counter row commits without waiting for a WAL flush while
-- it holds that row, which all of the company's concurrent requests wait on.
ALTER TABLE rate_limits SET UNLOGGED;

-- Counts one request against each of the API's rate limit counters in `rate_limits`, all or
-- none (http/rate-limit.ts): when every counter is under its limit, each gains one (a
-- counter whose window has ended starts a new one); when any is at its limit, none
-- changes. Returns each counter as it then stands. The database's clock times the windows,
-- so every process agrees. A function rather than the same statement sent by the app:
-- PL/pgSQL keeps the statement's plan for the connection, which halves the check's time
-- on PostgreSQL 15 (bench/RESULTS.md, "Rate limits"). Counters are upserted in key order,
-- so two requests never wait on each other's rows in opposite orders.
CREATE FUNCTION count_api_request(keys text[], limits integer[], window_ms bigint)
RETURNS TABLE (counter_key text, used integer, ms_left integer, allowed boolean)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  WITH quota AS (
    SELECT q.key, q.lim FROM unnest(keys, limits) AS q(key, lim)
  ), clock AS (
    SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms
  ), counted AS (
    SELECT quota.key, quota.lim,
      CASE WHEN r.expire > clock.now_ms THEN r.points ELSE 0 END AS points,
      CASE WHEN r.expire > clock.now_ms THEN r.expire ELSE clock.now_ms + window_ms END AS expire
    FROM quota CROSS JOIN clock LEFT JOIN rate_limits r ON r.key = quota.key
  ), verdict AS (
    SELECT bool_and(counted.points < counted.lim) AS ok FROM counted
  ), hit AS (
    INSERT INTO rate_limits AS r (key, points, expire)
    SELECT quota.key, 1, clock.now_ms + window_ms FROM quota, clock, verdict
    WHERE verdict.ok ORDER BY quota.key
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN r.expire > EXCLUDED.expire - window_ms THEN r.points + 1 ELSE 1 END,
      expire = CASE WHEN r.expire > EXCLUDED.expire - window_ms THEN r.expire ELSE EXCLUDED.expire END
    RETURNING r.key, r.points, r.expire
  )
  SELECT counted.key::text, coalesce(hit.points, counted.points)::integer,
    (coalesce(hit.expire, counted.expire) - clock.now_ms)::integer, verdict.ok
  FROM counted CROSS JOIN clock CROSS JOIN verdict LEFT JOIN hit ON hit.key = counted.key;
END
$$;
