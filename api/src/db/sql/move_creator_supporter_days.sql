-- Moves a (creator, supporter) row's first, last and last-checkout day counts from its old instants (null:
-- the row did not exist, or had no checkout) to its new ones (null: the row is gone), in one statement: the
-- deltas grouped by day (at most two days change for a new support: the supporter's previous last day and
-- today), written in day order. The caller holds the creator's totals row (add_to_creator_rollups ran first),
-- so the days are written in the usual lock order.
--
-- Created by migration 0013 (up to six single-row upserts); replaced by 0014.
CREATE OR REPLACE FUNCTION "move_creator_supporter_days"(
  "creator" uuid, "old_first" timestamptz, "old_last" timestamptz, "old_checkout" timestamptz,
  "new_first" timestamptz, "new_last" timestamptz, "new_checkout" timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  of_ date := (old_first AT TIME ZONE 'UTC')::date;
  ol date := (old_last AT TIME ZONE 'UTC')::date;
  oc date := (old_checkout AT TIME ZONE 'UTC')::date;
  nf date := (new_first AT TIME ZONE 'UTC')::date;
  nl date := (new_last AT TIME ZONE 'UTC')::date;
  nc date := (new_checkout AT TIME ZONE 'UTC')::date;
BEGIN
  IF of_ IS NOT DISTINCT FROM nf AND ol IS NOT DISTINCT FROM nl AND oc IS NOT DISTINCT FROM nc THEN
    RETURN;
  END IF;
  INSERT INTO creator_daily_rollups AS r (creator_id, day, first_supporters, last_supporters, last_checkout_supporters)
  SELECT creator, x.d, sum(x.f)::integer, sum(x.l)::integer, sum(x.c)::integer
  FROM (VALUES
    (of_, -1, 0, 0, of_ IS DISTINCT FROM nf), (nf, 1, 0, 0, of_ IS DISTINCT FROM nf),
    (ol, 0, -1, 0, ol IS DISTINCT FROM nl), (nl, 0, 1, 0, ol IS DISTINCT FROM nl),
    (oc, 0, 0, -1, oc IS DISTINCT FROM nc), (nc, 0, 0, 1, oc IS DISTINCT FROM nc)
  ) AS x(d, f, l, c, moved)
  WHERE x.moved AND x.d IS NOT NULL
  GROUP BY x.d
  ORDER BY x.d
  ON CONFLICT (creator_id, day) DO UPDATE SET
    first_supporters = r.first_supporters + EXCLUDED.first_supporters,
    last_supporters = r.last_supporters + EXCLUDED.last_supporters,
    last_checkout_supporters = r.last_checkout_supporters + EXCLUDED.last_checkout_supporters;
END
$$;
