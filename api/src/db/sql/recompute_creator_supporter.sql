-- A (creator, supporter) row recomputed from its supports (after a support left it), moving its day
-- counters: removed when none is left.
--
-- Created by migration 0011; replaced by 0013 (moves the day counters).
CREATE OR REPLACE FUNCTION "recompute_creator_supporter"("creator" uuid, "supporter" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  prev record;
  r record;
BEGIN
  SELECT first_support_at, last_support_at, last_checkout_at INTO prev FROM creator_supporters WHERE creator_id = creator AND supporter_id = supporter FOR UPDATE;
  SELECT count(*) INTO n FROM supports WHERE creator_id = creator AND supporter_id = supporter;
  IF n = 0 THEN
    DELETE FROM creator_supporters WHERE creator_id = creator AND supporter_id = supporter;
    IF FOUND THEN
      UPDATE creator_rollups SET supporters = supporters - 1 WHERE creator_id = creator;
      PERFORM move_creator_supporter_days(creator, prev.first_support_at, prev.last_support_at, prev.last_checkout_at, NULL, NULL, NULL);
    END IF;
    RETURN;
  END IF;
  SELECT (array_agg(id ORDER BY created_at, id))[1] AS first_support_id, min(created_at) AS first_support_at, max(created_at) AS last_support_at,
    max(created_at) FILTER (WHERE NOT is_renewal) AS last_checkout_at, count(*)::integer AS supports, sum(amount_cents)::bigint AS gross_cents
  INTO r FROM supports WHERE creator_id = creator AND supporter_id = supporter;
  UPDATE creator_supporters cs SET
    first_support_id = r.first_support_id, first_support_at = r.first_support_at, last_support_at = r.last_support_at,
    last_checkout_at = r.last_checkout_at, supports = r.supports, gross_cents = r.gross_cents
  WHERE cs.creator_id = creator AND cs.supporter_id = supporter;
  IF FOUND THEN
    PERFORM move_creator_supporter_days(creator, prev.first_support_at, prev.last_support_at, prev.last_checkout_at, r.first_support_at, r.last_support_at, r.last_checkout_at);
  END IF;
END
$$;
