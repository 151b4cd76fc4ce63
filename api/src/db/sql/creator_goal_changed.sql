-- Whoever changes the goal (settings, onboarding, seeds, SQL by hand), it becomes a new goal, not reached yet.
--
-- Created by migration 0010. Trigger: creator_profiles_goal_changed on creator_profiles (0010).
CREATE OR REPLACE FUNCTION "creator_goal_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.goal_title IS DISTINCT FROM OLD.goal_title OR NEW.goal_amount_cents IS DISTINCT FROM OLD.goal_amount_cents THEN
    NEW.goal_set_at := clock_timestamp();
    NEW.goal_reached_at := NULL;
  END IF;
  RETURN NEW;
END
$$;
