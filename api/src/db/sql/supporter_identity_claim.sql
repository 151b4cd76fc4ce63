-- An account's verified address changed (verified, replaced, or no longer verified): the guest identity of
-- the new verified address joins the account's (its supports move, and the rollups follow through the
-- supports trigger); from now on guest supports with that address are the account's.
--
-- Created by migration 0011.
CREATE OR REPLACE FUNCTION "supporter_identity_claim"("account" uuid, "verified" text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mine uuid;
  other uuid;
  other_owner uuid;
BEGIN
  SELECT id INTO mine FROM supporter_identities WHERE user_id = account FOR UPDATE;
  IF verified IS NULL THEN
    UPDATE supporter_identities SET email = NULL WHERE id = mine AND email IS NOT NULL;
    RETURN;
  END IF;
  SELECT id, user_id INTO other, other_owner FROM supporter_identities WHERE email = verified FOR UPDATE;
  IF other IS NOT NULL AND other = mine THEN RETURN; END IF;
  IF other IS NOT NULL AND other_owner IS NOT NULL THEN
    -- The address's former owner (who has since changed address): their past stays theirs.
    UPDATE supporter_identities SET email = NULL WHERE id = other;
    other := NULL;
  END IF;
  IF mine IS NULL THEN
    IF other IS NOT NULL THEN UPDATE supporter_identities SET user_id = account WHERE id = other; END IF;
    RETURN;
  END IF;
  IF other IS NOT NULL THEN
    UPDATE supports SET supporter_id = mine WHERE supporter_id = other;
    DELETE FROM supporter_identities WHERE id = other;
  END IF;
  UPDATE supporter_identities SET email = verified WHERE id = mine;
END
$$;
