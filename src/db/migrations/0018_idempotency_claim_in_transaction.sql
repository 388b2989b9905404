-- An Idempotency-Key is claimed in the request's own transaction, first thing, instead of
-- in a short transaction before it (src/http/idempotency.ts). The claim is a
-- transaction-scoped advisory lock on the key: a second request with the key while the
-- first runs, on any process, fails to take it and is told 409 request_in_progress; a
-- request that dies releases it with its transaction, at once. The key's row is written
-- only with its response, at the end of the transaction that made the change.
--
-- One call does it all, in one round trip: take the lock, then read the key as committed
-- now. The read must come after the lock (a request that committed the key a moment ago
-- must be seen), so it is a second statement in a VOLATILE function, which in READ
-- COMMITTED reads with a fresh snapshot. Outcomes: 'new' (run the request), 'replay'
-- (with the stored status and body), 'reused' (another request had the key: 422),
-- 'in_progress' (409).
--
-- A row without a response is a claim taken by a Canopy process from before this
-- migration (still running during an upgrade): in progress until it is p_stale_seconds
-- old, then taken over as before.
CREATE FUNCTION claim_idempotency_key(
  p_company_id text, p_livemode boolean, p_key text,
  p_method text, p_path text, p_hash text,
  p_retention_hours integer, p_stale_seconds integer
) RETURNS TABLE (outcome text, response_status integer, response_body jsonb)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  stored idempotency_keys%ROWTYPE;
BEGIN
  -- Two 32-bit keys: a key space of their own, apart from the foundation's 64-bit lock.
  IF NOT pg_try_advisory_xact_lock(hashtext('canopy.idempotency-key'), hashtext(p_company_id || ':' || p_livemode::text || ':' || p_key)) THEN
    RETURN QUERY SELECT 'in_progress'::text, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  SELECT * INTO stored FROM idempotency_keys k
  WHERE k.company_id = p_company_id AND k.livemode = p_livemode AND k.key = p_key
    AND k.created_at >= now() - make_interval(hours => p_retention_hours);
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'new'::text, NULL::integer, NULL::jsonb;
  ELSIF stored.request_method <> p_method OR stored.request_path <> p_path OR stored.request_hash <> p_hash THEN
    RETURN QUERY SELECT 'reused'::text, NULL::integer, NULL::jsonb;
  ELSIF stored.response_status IS NOT NULL THEN
    RETURN QUERY SELECT 'replay'::text, stored.response_status, stored.response_body;
  ELSIF stored.locked_at >= now() - make_interval(secs => p_stale_seconds) THEN
    RETURN QUERY SELECT 'in_progress'::text, NULL::integer, NULL::jsonb;
  ELSE
    RETURN QUERY SELECT 'new'::text, NULL::integer, NULL::jsonb;
  END IF;
END;
$$;
