-- The identity a new support belongs to (created when missing). Safe under concurrent checkouts: the
-- unique keys decide, and a loser reads the winner's row (READ COMMITTED: each statement sees commits).
--
-- Created by migration 0011.
CREATE OR REPLACE FUNCTION "supporter_identity_for"("account" uuid, "address" text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  sid uuid;
  verified text;
  owner uuid;
  addr text := lower(nullif(trim(address), ''));
BEGIN
  IF account IS NOT NULL THEN
    SELECT id INTO sid FROM supporter_identities WHERE user_id = account;
    IF sid IS NOT NULL THEN RETURN sid; END IF;
    SELECT email INTO verified FROM users WHERE id = account AND email_verified_at IS NOT NULL AND deleted_at IS NULL;
    IF verified IS NOT NULL THEN
      UPDATE supporter_identities SET user_id = account WHERE email = verified AND user_id IS NULL RETURNING id INTO sid;
      IF sid IS NOT NULL THEN RETURN sid; END IF;
    END IF;
    INSERT INTO supporter_identities (user_id, email) VALUES (account, verified) ON CONFLICT DO NOTHING RETURNING id INTO sid;
    IF sid IS NULL THEN
      SELECT id INTO sid FROM supporter_identities WHERE user_id = account FOR KEY SHARE;
    END IF;
    IF sid IS NULL AND verified IS NOT NULL THEN
      UPDATE supporter_identities SET user_id = account WHERE email = verified AND user_id IS NULL RETURNING id INTO sid;
    END IF;
    IF sid IS NULL THEN RAISE EXCEPTION 'no supporter identity for account %', account; END IF;
    RETURN sid;
  END IF;
  IF addr IS NOT NULL THEN
    -- FOR KEY SHARE: while a verification merges this guest identity into an account (it locks the row,
    -- moves its supports and deletes it), wait for it and then find the row gone and use the account's.
    SELECT id INTO sid FROM supporter_identities WHERE email = addr FOR KEY SHARE;
    IF sid IS NOT NULL THEN RETURN sid; END IF;
    SELECT id INTO owner FROM users WHERE email = addr AND email_verified_at IS NOT NULL AND deleted_at IS NULL;
    IF owner IS NOT NULL THEN RETURN supporter_identity_for(owner, NULL); END IF;
    INSERT INTO supporter_identities (email) VALUES (addr) ON CONFLICT DO NOTHING RETURNING id INTO sid;
    IF sid IS NULL THEN
      SELECT id INTO sid FROM supporter_identities WHERE email = addr FOR KEY SHARE;
    END IF;
    IF sid IS NULL THEN RAISE EXCEPTION 'no supporter identity for a guest address'; END IF;
    RETURN sid;
  END IF;
  -- Neither account nor address (a support detached before identities existed): a supporter of its own.
  INSERT INTO supporter_identities DEFAULT VALUES RETURNING id INTO sid;
  RETURN sid;
END
$$;
