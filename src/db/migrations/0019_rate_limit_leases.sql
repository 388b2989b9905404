-- A process takes requests from a rate-limit counter in small blocks (leases) instead of
-- one round trip per request (src/http/rate-limit.ts, leasedCounters). Like
-- count_api_request (0015), which processes from before this migration go on calling, it
-- reads the counters, decides and counts in one statement on the database's clock; but
-- each counter may be asked for more than one request (`wants`), and is given at most
-- what is left of its limit (`granted`, 1 at least when the request is allowed). All or
-- none: when one counter is at its limit, nothing is counted.
CREATE FUNCTION reserve_api_requests(keys text[], limits integer[], wants integer[], window_ms bigint)
RETURNS TABLE (counter_key text, used integer, ms_left integer, granted integer)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  WITH clock AS (
    SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms
  ), counted AS (
    SELECT q.key, q.lim, q.want,
      CASE WHEN r.expire > clock.now_ms THEN r.points ELSE 0 END AS points,
      CASE WHEN r.expire > clock.now_ms THEN r.expire ELSE clock.now_ms + window_ms END AS expire
    FROM unnest(keys, limits, wants) AS q(key, lim, want) CROSS JOIN clock LEFT JOIN rate_limits r ON r.key = q.key
  ), verdict AS (
    SELECT bool_and(counted.points < counted.lim) AS ok FROM counted
  ), grant_of AS (
    SELECT counted.key, greatest(1, least(counted.want, counted.lim - counted.points)) AS n FROM counted
  ), hit AS (
    INSERT INTO rate_limits AS r (key, points, expire)
    SELECT grant_of.key, grant_of.n, clock.now_ms + window_ms FROM grant_of, clock, verdict
    WHERE verdict.ok ORDER BY grant_of.key
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN r.expire > EXCLUDED.expire - window_ms THEN r.points + EXCLUDED.points ELSE EXCLUDED.points END,
      expire = CASE WHEN r.expire > EXCLUDED.expire - window_ms THEN r.expire ELSE EXCLUDED.expire END
    RETURNING r.key, r.points, r.expire
  )
  SELECT counted.key::text, coalesce(hit.points, counted.points)::integer,
    (coalesce(hit.expire, counted.expire) - clock.now_ms)::integer,
    (CASE WHEN verdict.ok THEN grant_of.n ELSE 0 END)::integer
  FROM counted CROSS JOIN clock CROSS JOIN verdict JOIN grant_of ON grant_of.key = counted.key LEFT JOIN hit ON hit.key = counted.key;
END
$$;
