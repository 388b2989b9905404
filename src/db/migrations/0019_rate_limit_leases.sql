-- A process takes requests from a rate-limit counter in small blocks (leases) instead of
-- one round trip per request (src/http/rate-limit.ts, sharedCounters). Like
-- count_api_request (0015), which processes from before this migration go on calling, it
-- decides and counts in one call on the database's clock; but each counter may be asked
-- for more than one request (`wants`) and is given (`granted`) at most an eighth of what is
-- left of its limit, one at least, so that the last requests of a window are counted one by
-- one. All or none: when one counter is at its limit, nothing is counted.
--
-- The counters are locked (in key order, so two calls never wait on each other in a circle)
-- and decided on as they stand once locked: concurrent calls, from any process, are counted
-- one after the other and cannot together be given more than the limit. Rows are made first
-- (an ended window) so that a counter's first call has a row to lock.
CREATE FUNCTION reserve_api_requests(keys text[], limits integer[], wants integer[], window_ms bigint)
RETURNS TABLE (counter_key text, used integer, ms_left integer, granted integer)
LANGUAGE plpgsql AS $$
DECLARE
  now_ms bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
BEGIN
  INSERT INTO rate_limits (key, points, expire)
  SELECT k, 0, 0 FROM unnest(keys) AS k ORDER BY k
  ON CONFLICT (key) DO NOTHING;

  RETURN QUERY
  WITH locked AS (
    SELECT r.key,
      CASE WHEN r.expire > now_ms THEN r.points ELSE 0 END AS points,
      CASE WHEN r.expire > now_ms THEN r.expire ELSE now_ms + window_ms END AS expire
    FROM rate_limits r WHERE r.key = ANY(keys) ORDER BY r.key FOR UPDATE
  ), counted AS (
    SELECT q.key, q.lim, locked.points, locked.expire,
      greatest(1, least(q.want, (q.lim - locked.points) / 8)) AS n
    FROM unnest(keys, limits, wants) AS q(key, lim, want) JOIN locked ON locked.key = q.key
  ), verdict AS (
    SELECT bool_and(counted.points < counted.lim) AS ok FROM counted
  ), hit AS (
    UPDATE rate_limits r SET points = counted.points + counted.n, expire = counted.expire
    FROM counted, verdict WHERE verdict.ok AND r.key = counted.key
    RETURNING r.key, r.points, r.expire
  )
  SELECT counted.key::text, coalesce(hit.points, counted.points)::integer,
    (coalesce(hit.expire, counted.expire) - now_ms)::integer,
    (CASE WHEN verdict.ok THEN counted.n ELSE 0 END)::integer
  FROM counted CROSS JOIN verdict LEFT JOIN hit ON hit.key = counted.key;
END
$$;
