-- Goal-reached emails: which goal a creator has (a new one whenever its title or target changes) and
-- when it was reached, so each goal is announced at most once, whatever refunds and supports follow.
ALTER TABLE "creator_profiles" ADD COLUMN "goal_set_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "creator_profiles" ADD COLUMN "goal_reached_at" timestamp with time zone;
--> statement-breakpoint
-- Whoever changes the goal (settings, onboarding, seeds, SQL by hand), it becomes a new goal, not reached yet.
CREATE FUNCTION "creator_goal_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.goal_title IS DISTINCT FROM OLD.goal_title OR NEW.goal_amount_cents IS DISTINCT FROM OLD.goal_amount_cents THEN
    NEW.goal_set_at := clock_timestamp();
    NEW.goal_reached_at := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "creator_profiles_goal_changed" BEFORE UPDATE ON "creator_profiles" FOR EACH ROW EXECUTE FUNCTION creator_goal_changed();
--> statement-breakpoint
-- Called with the support that is being recorded (in the same statement or transaction): true when this
-- support takes the creator's goal (the one set at goal_set_at, to the millisecond) from under its target
-- to its target or more, the first time for that goal. Raised is counted as the public page counts it:
-- supports minus succeeded refunds. The creator's row is locked first and, being VOLATILE, the sums then
-- see every support committed meanwhile, so of two concurrent supports only one can be the crossing one.
-- This support is left out of the sum and added explicitly: it may or may not be visible yet.
-- A goal found already reached (set at or below what was raised) is marked reached without an email.
CREATE FUNCTION "beabro_reach_goal"("creator" uuid, "goal_set_at" timestamptz, "support" uuid, "amount" integer, "reached_at" timestamptz) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  goal record;
  raised bigint;
BEGIN
  SELECT p.goal_amount_cents, p.goal_set_at, p.goal_reached_at INTO goal FROM creator_profiles p WHERE p.user_id = creator FOR UPDATE;
  IF NOT FOUND OR goal.goal_amount_cents IS NULL OR goal.goal_amount_cents <= 0 OR goal.goal_reached_at IS NOT NULL
     OR date_trunc('milliseconds', goal.goal_set_at) <> date_trunc('milliseconds', beabro_reach_goal.goal_set_at) THEN
    RETURN false;
  END IF;
  SELECT (SELECT coalesce(sum(s.amount_cents), 0) FROM supports s WHERE s.creator_id = creator AND s.id <> support)
       - (SELECT coalesce(sum(r.amount_cents), 0) FROM refunds r WHERE r.creator_id = creator AND r.status = 'succeeded')
    INTO raised;
  IF raised + amount < goal.goal_amount_cents THEN
    RETURN false;
  END IF;
  UPDATE creator_profiles SET goal_reached_at = reached_at WHERE user_id = creator;
  RETURN raised < goal.goal_amount_cents;
END
$$;
