-- The ledger's gross, creator-net and payout entries into the creator's totals and day.
--
-- Created by migration 0011. Trigger: ledger_entries_rollups on ledger_entries (0011).
CREATE OR REPLACE FUNCTION "ledger_entries_rollups_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.type IN ('gross', 'creator_net', 'payout') THEN
    PERFORM add_to_creator_rollups(OLD.creator_id, OLD.created_at, 0, 0, 0, 0, 0, 0, 0,
      CASE WHEN OLD.type = 'gross' THEN -OLD.amount_cents ELSE 0 END, CASE WHEN OLD.type = 'creator_net' THEN -OLD.amount_cents ELSE 0 END, CASE WHEN OLD.type = 'payout' THEN -OLD.amount_cents ELSE 0 END);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.type IN ('gross', 'creator_net', 'payout') THEN
    PERFORM add_to_creator_rollups(NEW.creator_id, NEW.created_at, 0, 0, 0, 0, 0, 0, 0,
      CASE WHEN NEW.type = 'gross' THEN NEW.amount_cents ELSE 0 END, CASE WHEN NEW.type = 'creator_net' THEN NEW.amount_cents ELSE 0 END, CASE WHEN NEW.type = 'payout' THEN NEW.amount_cents ELSE 0 END);
  END IF;
  RETURN NULL;
END
$$;
