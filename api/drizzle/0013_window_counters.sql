-- Long analytics periods read a bounded amount whatever the creator's history (issue 16).
--
-- 1. Per-day supporter counters on creator_daily_rollups, from the (creator, supporter) rows: how many
--    supporters have their first support, their last support, and their last support that was not a
--    renewal on that UTC day. "Supporters with a support in [from, to)" is then the sum of last_supporters
--    over the days of [from, to) whenever nobody supported at or after `to` (the current period), and new
--    supporters the sum of first_supporters: at most 366 rows. Kept by the same trigger path as the
--    creator_supporters rows (each change of a row's first/last day moves one count from the old day to the
--    new one), proven by the integrity check through the recomputed view.
ALTER TABLE "creator_daily_rollups" ADD COLUMN "first_supporters" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "creator_daily_rollups" ADD COLUMN "last_supporters" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "creator_daily_rollups" ADD COLUMN "last_checkout_supporters" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE VIEW "creator_daily_rollups_recomputed" AS
SELECT creator_id, day,
  sum(supports)::integer AS supports, sum(recurring)::integer AS recurring_supports,
  sum(gross)::bigint AS gross_cents, sum(net)::bigint AS net_cents,
  sum(r1)::integer AS range1_supports, sum(r2)::integer AS range2_supports, sum(r3)::integer AS range3_supports,
  sum(r4)::integer AS range4_supports, sum(r5)::integer AS range5_supports,
  sum(refunded_gross)::bigint AS refunded_gross_cents, sum(refunded_net)::bigint AS refunded_net_cents,
  sum(ledger_gross)::bigint AS ledger_gross_cents, sum(ledger_net)::bigint AS ledger_net_cents, sum(ledger_payout)::bigint AS ledger_payout_cents,
  sum(first_n)::integer AS first_supporters, sum(last_n)::integer AS last_supporters, sum(last_checkout_n)::integer AS last_checkout_supporters
FROM (
  SELECT creator_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS supports, is_recurring::integer AS recurring,
    amount_cents AS gross, creator_net_cents AS net,
    (amount_cents <= 500)::integer AS r1, (amount_cents BETWEEN 501 AND 1500)::integer AS r2, (amount_cents BETWEEN 1501 AND 2500)::integer AS r3,
    (amount_cents BETWEEN 2501 AND 5000)::integer AS r4, (amount_cents > 5000)::integer AS r5,
    0 AS refunded_gross, 0 AS refunded_net, 0 AS ledger_gross, 0 AS ledger_net, 0 AS ledger_payout, 0 AS first_n, 0 AS last_n, 0 AS last_checkout_n
  FROM supports
  UNION ALL
  SELECT creator_id, (completed_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, amount_cents, creator_debit_cents, 0, 0, 0, 0, 0, 0
  FROM refunds WHERE status = 'succeeded' AND completed_at IS NOT NULL
  UNION ALL
  SELECT creator_id, (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    CASE WHEN type = 'gross' THEN amount_cents ELSE 0 END, CASE WHEN type = 'creator_net' THEN amount_cents ELSE 0 END, CASE WHEN type = 'payout' THEN amount_cents ELSE 0 END, 0, 0, 0
  FROM ledger_entries WHERE type IN ('gross', 'creator_net', 'payout')
  UNION ALL
  SELECT p.creator_id, (e.at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, e.first_n, e.last_n, e.last_checkout_n
  FROM creator_supporters_recomputed p
  CROSS JOIN LATERAL (VALUES (p.first_support_at, 1, 0, 0), (p.last_support_at, 0, 1, 0), (p.last_checkout_at, 0, 0, 1)) AS e(at, first_n, last_n, last_checkout_n)
  WHERE e.at IS NOT NULL
) facts
GROUP BY creator_id, day;
--> statement-breakpoint
-- Backfill from the stored (creator, supporter) rows (the integrity check compares them with the facts).
UPDATE "creator_daily_rollups" d SET first_supporters = c.first_n, last_supporters = c.last_n, last_checkout_supporters = c.last_checkout_n
FROM (
  SELECT p.creator_id, (e.at AT TIME ZONE 'UTC')::date AS day, sum(e.first_n)::integer AS first_n, sum(e.last_n)::integer AS last_n, sum(e.last_checkout_n)::integer AS last_checkout_n
  FROM creator_supporters p
  CROSS JOIN LATERAL (VALUES (p.first_support_at, 1, 0, 0), (p.last_support_at, 0, 1, 0), (p.last_checkout_at, 0, 0, 1)) AS e(at, first_n, last_n, last_checkout_n)
  WHERE e.at IS NOT NULL
  GROUP BY 1, 2
) c
WHERE d.creator_id = c.creator_id AND d.day = c.day;
--> statement-breakpoint
-- Moves a (creator, supporter) row's first, last and last-checkout day counts from its old instants (null:
-- the row did not exist, or had no checkout) to its new ones (null: the row is gone). The caller holds the
-- creator's totals row (add_to_creator_rollups ran first), so the days are written in the usual lock order.
CREATE FUNCTION "move_creator_supporter_days"(
  "creator" uuid, "old_first" timestamptz, "old_last" timestamptz, "old_checkout" timestamptz,
  "new_first" timestamptz, "new_last" timestamptz, "new_checkout" timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  olds date[] := ARRAY[(old_first AT TIME ZONE 'UTC')::date, (old_last AT TIME ZONE 'UTC')::date, (old_checkout AT TIME ZONE 'UTC')::date];
  news date[] := ARRAY[(new_first AT TIME ZONE 'UTC')::date, (new_last AT TIME ZONE 'UTC')::date, (new_checkout AT TIME ZONE 'UTC')::date];
  i integer;
  d date;
  delta integer;
BEGIN
  FOR i IN 1..3 LOOP
    CONTINUE WHEN olds[i] IS NOT DISTINCT FROM news[i];
    FOR d, delta IN SELECT x.d, x.delta FROM (VALUES (olds[i], -1), (news[i], 1)) AS x(d, delta) WHERE x.d IS NOT NULL LOOP
      INSERT INTO creator_daily_rollups AS r (creator_id, day, first_supporters, last_supporters, last_checkout_supporters)
      VALUES (creator, d, CASE WHEN i = 1 THEN delta ELSE 0 END, CASE WHEN i = 2 THEN delta ELSE 0 END, CASE WHEN i = 3 THEN delta ELSE 0 END)
      ON CONFLICT (creator_id, day) DO UPDATE SET
        first_supporters = r.first_supporters + EXCLUDED.first_supporters,
        last_supporters = r.last_supporters + EXCLUDED.last_supporters,
        last_checkout_supporters = r.last_checkout_supporters + EXCLUDED.last_checkout_supporters;
    END LOOP;
  END LOOP;
END
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- 2. Figures of past windows, computed once: the previous period's distinct supporters and the top
--    supporters of a period up to today, read from the facts on the first read and kept here. A window's
--    figures change only when a support created before its end is written, so the supports trigger deletes
--    the creator's windows ending after that support's instant. Readers store a figure only if the
--    creator's totals row (which every support write updates, under its row lock) is the version their
--    computation saw, so a support written meanwhile never leaves a stale figure behind.
CREATE TABLE "creator_window_cache" (
	"creator_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"value" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_window_cache_pkey" PRIMARY KEY("creator_id","kind","from_at","to_at")
);
--> statement-breakpoint
CREATE FUNCTION "forget_creator_windows"("creator" uuid, "at" timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM creator_window_cache WHERE creator_id = creator AND to_at > at;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "supports_rollups_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev record;
  r record;
BEGIN
  -- is_anonymous too: it decides the top supporters' groups, kept in creator_window_cache.
  IF TG_OP = 'UPDATE' AND NEW.creator_id = OLD.creator_id AND NEW.supporter_id = OLD.supporter_id AND NEW.created_at = OLD.created_at
     AND NEW.amount_cents = OLD.amount_cents AND NEW.creator_net_cents = OLD.creator_net_cents AND NEW.is_recurring = OLD.is_recurring AND NEW.is_renewal = OLD.is_renewal
     AND NEW.is_anonymous = OLD.is_anonymous THEN
    RETURN NULL; -- nothing the rollups hold (e.g. a deleted account's supports detached)
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM add_to_creator_rollups(OLD.creator_id, OLD.created_at, -1, -(OLD.is_recurring::integer), -OLD.amount_cents, -OLD.creator_net_cents, OLD.amount_cents, 0, 0, 0, 0, 0);
    PERFORM forget_creator_windows(OLD.creator_id, OLD.created_at);
    PERFORM recompute_creator_supporter(OLD.creator_id, OLD.supporter_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM add_to_creator_rollups(NEW.creator_id, NEW.created_at, 1, NEW.is_recurring::integer, NEW.amount_cents, NEW.creator_net_cents, NEW.amount_cents, 0, 0, 0, 0, 0);
    PERFORM forget_creator_windows(NEW.creator_id, NEW.created_at);
    IF TG_OP = 'UPDATE' AND NEW.creator_id = OLD.creator_id AND NEW.supporter_id = OLD.supporter_id THEN
      RETURN NULL; -- the recomputation above already holds the new values
    END IF;
    SELECT first_support_at, last_support_at, last_checkout_at INTO prev FROM creator_supporters WHERE creator_id = NEW.creator_id AND supporter_id = NEW.supporter_id FOR UPDATE;
    INSERT INTO creator_supporters AS cs (creator_id, supporter_id, first_support_id, first_support_at, last_support_at, last_checkout_at, supports, gross_cents)
    VALUES (NEW.creator_id, NEW.supporter_id, NEW.id, NEW.created_at, NEW.created_at, CASE WHEN NEW.is_renewal THEN NULL ELSE NEW.created_at END, 1, NEW.amount_cents)
    ON CONFLICT (creator_id, supporter_id) DO UPDATE SET
      first_support_id = CASE WHEN (EXCLUDED.first_support_at, EXCLUDED.first_support_id) < (cs.first_support_at, cs.first_support_id) THEN EXCLUDED.first_support_id ELSE cs.first_support_id END,
      first_support_at = least(cs.first_support_at, EXCLUDED.first_support_at),
      last_support_at = greatest(cs.last_support_at, EXCLUDED.last_support_at),
      last_checkout_at = greatest(cs.last_checkout_at, EXCLUDED.last_checkout_at),
      supports = cs.supports + 1,
      gross_cents = cs.gross_cents + EXCLUDED.gross_cents
    RETURNING (xmax = 0) AS inserted, first_support_at, last_support_at, last_checkout_at INTO r;
    IF r.inserted THEN
      UPDATE creator_rollups SET supporters = supporters + 1 WHERE creator_id = NEW.creator_id;
    END IF;
    PERFORM move_creator_supporter_days(NEW.creator_id, prev.first_support_at, prev.last_support_at, prev.last_checkout_at, r.first_support_at, r.last_support_at, r.last_checkout_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rebuilds also forget the creator's cached windows (a bulk load with triggers off did not).
CREATE OR REPLACE FUNCTION "rebuild_creator_rollups"("creator" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM creator_window_cache WHERE creator IS NULL OR creator_id = creator;
  DELETE FROM creator_daily_rollups WHERE creator IS NULL OR creator_id = creator;
  DELETE FROM creator_rollups WHERE creator IS NULL OR creator_id = creator;
  DELETE FROM creator_supporters WHERE creator IS NULL OR creator_id = creator;
  INSERT INTO creator_daily_rollups SELECT * FROM creator_daily_rollups_recomputed WHERE creator IS NULL OR creator_id = creator;
  INSERT INTO creator_supporters SELECT * FROM creator_supporters_recomputed WHERE creator IS NULL OR creator_id = creator;
  INSERT INTO creator_rollups SELECT * FROM creator_rollups_recomputed WHERE creator IS NULL OR creator_id = creator;
END
$$;
