-- Bumps a creator's version once per transaction (later calls in the same transaction are no-ops:
-- the whole transaction becomes visible at once anyway). Runs at commit (deferred triggers), so concurrent
-- checkouts for one creator hold its row lock only while they commit.
--
-- Created by migration 0004.
CREATE OR REPLACE FUNCTION "bump_creator_version"("creator" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  marker text := 'beabro.version_bumped_' || replace(creator::text, '-', '');
BEGIN
  IF creator IS NULL OR current_setting(marker, true) = '1' THEN
    RETURN;
  END IF;
  INSERT INTO creator_versions (creator_id, version) VALUES (creator, 1)
    ON CONFLICT (creator_id) DO UPDATE SET version = creator_versions.version + 1;
  PERFORM set_config(marker, '1', true);
END
$$;
