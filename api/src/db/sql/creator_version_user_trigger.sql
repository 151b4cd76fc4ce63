-- An account deleted or restored: its creator profile, and the follower counts of everyone it follows.
--
-- Created by migration 0004. Constraint trigger (deferred): users_creator_version on users (0004).
CREATE OR REPLACE FUNCTION "creator_version_user_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  followed uuid;
BEGIN
  IF NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN
    PERFORM bump_creator_version(NEW.id);
    FOR followed IN SELECT creator_id FROM follows WHERE follower_id = NEW.id ORDER BY creator_id LOOP
      PERFORM bump_creator_version(followed);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
