-- Succeeded refunds into the creator's totals and the day they were completed.
--
-- Created by migration 0011. Trigger: refunds_rollups on refunds (0011).
CREATE OR REPLACE FUNCTION "refunds_rollups_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.completed_at IS NOT DISTINCT FROM OLD.completed_at AND NEW.creator_id = OLD.creator_id
     AND NEW.amount_cents = OLD.amount_cents AND NEW.creator_debit_cents = OLD.creator_debit_cents THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'succeeded' AND OLD.completed_at IS NOT NULL THEN
    PERFORM add_to_creator_rollups(OLD.creator_id, OLD.completed_at, 0, 0, 0, 0, 0, -OLD.amount_cents, -OLD.creator_debit_cents, 0, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'succeeded' AND NEW.completed_at IS NOT NULL THEN
    PERFORM add_to_creator_rollups(NEW.creator_id, NEW.completed_at, 0, 0, 0, 0, 0, NEW.amount_cents, NEW.creator_debit_cents, 0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
