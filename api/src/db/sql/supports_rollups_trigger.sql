-- A support written, moved or deleted: the creator's totals and day, its kept windows, its (creator,
-- supporter) row and that row's day counters.
--
-- Created by migration 0011; replaced by 0013 (kept windows, day counters, is_anonymous).
-- Trigger: supports_rollups on supports (0011).
CREATE OR REPLACE FUNCTION "supports_rollups_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev record;
  r record;
BEGIN
  -- is_anonymous too: it decides the top supporters' groups, kept in creator_window_cache.
  IF TG_OP = 'UPDATE' AND NEW.creator_id = OLD.creator_id AND NEW.supporter_id = OLD.supporter_id AND NEW.created_at = OLD.created_at
     AND NEW.amount_cents = OLD.amount_cents AND NEW.creator_net_cents = OLD.creator_net_cents AND NEW.is_recurring = OLD.is_recurring AND NEW.is_renewal = OLD.is_renewal
     AND NEW.is_anonymous = OLD.is_anonymous THEN
    RETURN NULL; -- nothing the rollups hold (e.g. a deleted account's supports detached)
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM add_to_creator_rollups(OLD.creator_id, OLD.created_at, -1, -(OLD.is_recurring::integer), -OLD.amount_cents, -OLD.creator_net_cents, OLD.amount_cents, 0, 0, 0, 0, 0);
    PERFORM forget_creator_windows(OLD.creator_id, OLD.created_at);
    PERFORM recompute_creator_supporter(OLD.creator_id, OLD.supporter_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM add_to_creator_rollups(NEW.creator_id, NEW.created_at, 1, NEW.is_recurring::integer, NEW.amount_cents, NEW.creator_net_cents, NEW.amount_cents, 0, 0, 0, 0, 0);
    PERFORM forget_creator_windows(NEW.creator_id, NEW.created_at);
    IF TG_OP = 'UPDATE' AND NEW.creator_id = OLD.creator_id AND NEW.supporter_id = OLD.supporter_id THEN
      RETURN NULL; -- the recomputation above already holds the new values
    END IF;
    SELECT first_support_at, last_support_at, last_checkout_at INTO prev FROM creator_supporters WHERE creator_id = NEW.creator_id AND supporter_id = NEW.supporter_id FOR UPDATE;
    INSERT INTO creator_supporters AS cs (creator_id, supporter_id, first_support_id, first_support_at, last_support_at, last_checkout_at, supports, gross_cents)
    VALUES (NEW.creator_id, NEW.supporter_id, NEW.id, NEW.created_at, NEW.created_at, CASE WHEN NEW.is_renewal THEN NULL ELSE NEW.created_at END, 1, NEW.amount_cents)
    ON CONFLICT (creator_id, supporter_id) DO UPDATE SET
      first_support_id = CASE WHEN (EXCLUDED.first_support_at, EXCLUDED.first_support_id) < (cs.first_support_at, cs.first_support_id) THEN EXCLUDED.first_support_id ELSE cs.first_support_id END,
      first_support_at = least(cs.first_support_at, EXCLUDED.first_support_at),
      last_support_at = greatest(cs.last_support_at, EXCLUDED.last_support_at),
      last_checkout_at = greatest(cs.last_checkout_at, EXCLUDED.last_checkout_at),
      supports = cs.supports + 1,
      gross_cents = cs.gross_cents + EXCLUDED.gross_cents
    RETURNING (xmax = 0) AS inserted, first_support_at, last_support_at, last_checkout_at INTO r;
    IF r.inserted THEN
      UPDATE creator_rollups SET supporters = supporters + 1 WHERE creator_id = NEW.creator_id;
    END IF;
    PERFORM move_creator_supporter_days(NEW.creator_id, prev.first_support_at, prev.last_support_at, prev.last_checkout_at, r.first_support_at, r.last_support_at, r.last_checkout_at);
  END IF;
  RETURN NULL;
END
$$;
