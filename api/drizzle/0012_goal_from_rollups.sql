-- beabro_reach_goal (0010) summed every support and refund of the creator on each support while a goal
-- was pending: a read of the whole history on the checkout path. It now reads what was raised from the
-- creator's rollup row (0011: gross of supports minus succeeded refunds, kept by triggers).
-- Locks: the rollup row first, then the profile, the order in which a support's own triggers take them
-- when it is inserted earlier in the same transaction (renewals), so the two orders never cross.
-- The rollup row, locked, is the latest committed one: of two concurrent supports only one can cross.
-- This support is counted once: a support written by an earlier statement of this transaction is
-- already in the rollup (its AFTER trigger has run) and is taken out before adding its amount; one
-- written by this very statement (checkout's single statement) is in neither yet.
CREATE OR REPLACE FUNCTION "beabro_reach_goal"("creator" uuid, "goal_set_at" timestamptz, "support" uuid, "amount" integer, "reached_at" timestamptz) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  goal record;
  raised bigint;
BEGIN
  SELECT r.gross_cents - r.refunded_gross_cents INTO raised FROM creator_rollups r WHERE r.creator_id = creator FOR UPDATE;
  raised := coalesce(raised, 0);
  SELECT p.goal_amount_cents, p.goal_set_at, p.goal_reached_at INTO goal FROM creator_profiles p WHERE p.user_id = creator FOR UPDATE;
  IF NOT FOUND OR goal.goal_amount_cents IS NULL OR goal.goal_amount_cents <= 0 OR goal.goal_reached_at IS NOT NULL
     OR date_trunc('milliseconds', goal.goal_set_at) <> date_trunc('milliseconds', beabro_reach_goal.goal_set_at) THEN
    RETURN false;
  END IF;
  IF EXISTS (SELECT 1 FROM supports s WHERE s.id = support) THEN
    raised := raised - amount;
  END IF;
  IF raised + amount < goal.goal_amount_cents THEN
    RETURN false;
  END IF;
  UPDATE creator_profiles SET goal_reached_at = reached_at WHERE user_id = creator;
  RETURN raised < goal.goal_amount_cents;
END
$$;
