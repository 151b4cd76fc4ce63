-- For single-statement writes: `case when <condition> then ... else beabro_abort('why') end` rolls the
-- whole statement back with SQLSTATE BB001 (checkout records a paid attempt this way).
--
-- Created by migration 0004.
CREATE OR REPLACE FUNCTION "beabro_abort"("message" text) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = message, ERRCODE = 'BB001';
END
$$;
