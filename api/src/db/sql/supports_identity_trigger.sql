-- A new support without a supporter identity gets the one of its account or email.
--
-- Created by migration 0011. Trigger: supports_identity on supports (0011).
CREATE OR REPLACE FUNCTION "supports_identity_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.supporter_id IS NULL THEN
    NEW.supporter_id := supporter_identity_for(NEW.supporter_user_id, NEW.supporter_email);
  END IF;
  RETURN NEW;
END
$$;
