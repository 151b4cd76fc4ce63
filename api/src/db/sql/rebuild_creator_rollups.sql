-- Rebuilds one creator's rollups (all creators when null) from the facts, and forgets the creator's kept
-- windows: the backfill, and bulk loads that ran with triggers off (the benchmark seed).
--
-- Created by migration 0011; replaced by 0013 (also forgets the kept windows).
CREATE OR REPLACE FUNCTION "rebuild_creator_rollups"("creator" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM creator_window_cache WHERE creator IS NULL OR creator_id = creator;
  DELETE FROM creator_daily_rollups WHERE creator IS NULL OR creator_id = creator;
  DELETE FROM creator_rollups WHERE creator IS NULL OR creator_id = creator;
  DELETE FROM creator_supporters WHERE creator IS NULL OR creator_id = creator;
  INSERT INTO creator_daily_rollups SELECT * FROM creator_daily_rollups_recomputed WHERE creator IS NULL OR creator_id = creator;
  INSERT INTO creator_supporters SELECT * FROM creator_supporters_recomputed WHERE creator IS NULL OR creator_id = creator;
  INSERT INTO creator_rollups SELECT * FROM creator_rollups_recomputed WHERE creator IS NULL OR creator_id = creator;
END
$$;
