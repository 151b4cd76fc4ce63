-- Deletes the creator's kept windows (creator_window_cache) that end after a support's instant: their
-- figures change with that support. Called by the supports rollup trigger.
--
-- Created by migration 0013.
CREATE OR REPLACE FUNCTION "forget_creator_windows"("creator" uuid, "at" timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM creator_window_cache WHERE creator_id = creator AND to_at > at;
END
$$;
