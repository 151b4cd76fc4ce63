-- Accounts: a deleted account's identity is detached (its supports stay one supporter, tied to nobody);
-- a newly verified or changed address is claimed.
--
-- Created by migration 0011. Trigger: users_supporter_identity on users (0011).
CREATE OR REPLACE FUNCTION "users_supporter_identity_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    IF TG_OP = 'INSERT' OR OLD.deleted_at IS NULL THEN
      UPDATE supporter_identities SET user_id = NULL, email = NULL WHERE user_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.email IS DISTINCT FROM OLD.email OR (NEW.email_verified_at IS NULL) <> (OLD.email_verified_at IS NULL) THEN
    PERFORM supporter_identity_claim(NEW.id, CASE WHEN NEW.email_verified_at IS NOT NULL THEN NEW.email END);
  END IF;
  RETURN NULL;
END
$$;
