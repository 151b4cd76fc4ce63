-- Adds (sign 1) or removes (sign -1) one fact's share of a creator's totals and of its day. The totals row
-- is always locked before the day's (and, for supports, before the supporter's row): one lock order, so
-- concurrent writes for a creator queue instead of deadlocking, and upserts never lose an update.
-- Called by the supports, refunds and ledger_entries rollup triggers.
--
-- Created by migration 0011.
CREATE OR REPLACE FUNCTION "add_to_creator_rollups"(
  "creator" uuid, "at" timestamp with time zone, "supports_n" integer, "recurring_n" integer, "gross" bigint, "net" bigint, "amount" integer,
  "refunded_gross" bigint, "refunded_net" bigint, "ledger_gross" bigint, "ledger_net" bigint, "ledger_payout" bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r integer[] := ARRAY[0, 0, 0, 0, 0];
BEGIN
  IF supports_n <> 0 THEN
    r[CASE WHEN amount <= 500 THEN 1 WHEN amount <= 1500 THEN 2 WHEN amount <= 2500 THEN 3 WHEN amount <= 5000 THEN 4 ELSE 5 END] := supports_n;
  END IF;
  INSERT INTO creator_rollups AS t (creator_id, supports, gross_cents, net_cents, refunded_gross_cents, refunded_net_cents, ledger_gross_cents, ledger_net_cents, ledger_payout_cents)
  VALUES (creator, supports_n, gross, net, refunded_gross, refunded_net, ledger_gross, ledger_net, ledger_payout)
  ON CONFLICT (creator_id) DO UPDATE SET
    supports = t.supports + EXCLUDED.supports, gross_cents = t.gross_cents + EXCLUDED.gross_cents, net_cents = t.net_cents + EXCLUDED.net_cents,
    refunded_gross_cents = t.refunded_gross_cents + EXCLUDED.refunded_gross_cents, refunded_net_cents = t.refunded_net_cents + EXCLUDED.refunded_net_cents,
    ledger_gross_cents = t.ledger_gross_cents + EXCLUDED.ledger_gross_cents, ledger_net_cents = t.ledger_net_cents + EXCLUDED.ledger_net_cents,
    ledger_payout_cents = t.ledger_payout_cents + EXCLUDED.ledger_payout_cents;
  INSERT INTO creator_daily_rollups AS d (creator_id, day, supports, recurring_supports, gross_cents, net_cents, range1_supports, range2_supports, range3_supports, range4_supports, range5_supports,
    refunded_gross_cents, refunded_net_cents, ledger_gross_cents, ledger_net_cents, ledger_payout_cents)
  VALUES (creator, (at AT TIME ZONE 'UTC')::date, supports_n, recurring_n, gross, net, r[1], r[2], r[3], r[4], r[5], refunded_gross, refunded_net, ledger_gross, ledger_net, ledger_payout)
  ON CONFLICT (creator_id, day) DO UPDATE SET
    supports = d.supports + EXCLUDED.supports, recurring_supports = d.recurring_supports + EXCLUDED.recurring_supports,
    gross_cents = d.gross_cents + EXCLUDED.gross_cents, net_cents = d.net_cents + EXCLUDED.net_cents,
    range1_supports = d.range1_supports + EXCLUDED.range1_supports, range2_supports = d.range2_supports + EXCLUDED.range2_supports,
    range3_supports = d.range3_supports + EXCLUDED.range3_supports, range4_supports = d.range4_supports + EXCLUDED.range4_supports,
    range5_supports = d.range5_supports + EXCLUDED.range5_supports,
    refunded_gross_cents = d.refunded_gross_cents + EXCLUDED.refunded_gross_cents, refunded_net_cents = d.refunded_net_cents + EXCLUDED.refunded_net_cents,
    ledger_gross_cents = d.ledger_gross_cents + EXCLUDED.ledger_gross_cents, ledger_net_cents = d.ledger_net_cents + EXCLUDED.ledger_net_cents,
    ledger_payout_cents = d.ledger_payout_cents + EXCLUDED.ledger_payout_cents;
END
$$;
