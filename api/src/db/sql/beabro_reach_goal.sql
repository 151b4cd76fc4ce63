-- Called with the support being recorded, BEFORE it is in the rollup (checkout: in the support's own
-- statement, whose AFTER triggers run at its end; renewals: before the support is inserted): true when this
-- support takes the creator's goal (the one set at goal_set_at, to the millisecond) from under its target to its
-- target or more, the first time for that goal. What was raised is read from the creator's rollup row (gross of
-- supports minus succeeded refunds), and the support's amount is added here exactly once. A goal found already
-- reached is marked reached without an email.
-- Locks: the creator's profile row first, FOR NO KEY UPDATE (which does not conflict with the KEY SHARE locks
-- that inserts referencing the profile take), and only then the rollup row is read, in a query of its own: it
-- sees every support committed while this one waited for the profile, so of two concurrent supports only one
-- can be the crossing one, even for a creator who has no rollup row yet. Every writer takes the profile before
-- the rollup row (payouts lock the profile first too), so no two orders cross.
--
-- Created by migration 0010 (with a support argument, summing the whole history); dropped and created with
-- this signature by 0012.
CREATE OR REPLACE FUNCTION "beabro_reach_goal"("creator" uuid, "goal_set_at" timestamptz, "amount" integer, "reached_at" timestamptz) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  goal record;
  raised bigint;
BEGIN
  SELECT p.goal_amount_cents, p.goal_set_at, p.goal_reached_at INTO goal FROM creator_profiles p WHERE p.user_id = creator FOR NO KEY UPDATE;
  IF NOT FOUND OR goal.goal_amount_cents IS NULL OR goal.goal_amount_cents <= 0 OR goal.goal_reached_at IS NOT NULL
     OR date_trunc('milliseconds', goal.goal_set_at) <> date_trunc('milliseconds', beabro_reach_goal.goal_set_at) THEN
    RETURN false;
  END IF;
  SELECT r.gross_cents - r.refunded_gross_cents INTO raised FROM creator_rollups r WHERE r.creator_id = creator;
  raised := coalesce(raised, 0);
  IF raised + amount < goal.goal_amount_cents THEN
    RETURN false;
  END IF;
  UPDATE creator_profiles SET goal_reached_at = reached_at WHERE user_id = creator;
  RETURN raised < goal.goal_amount_cents;
END
$$;
