CREATE TABLE "creator_versions" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Bumps a creator's version once per transaction (later calls in the same transaction are no-ops:
-- the whole transaction becomes visible at once anyway). Runs at commit (deferred triggers below),
-- so concurrent checkouts for one creator hold its row lock only while they commit.
CREATE FUNCTION "bump_creator_version"("creator" uuid) RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- Row trigger: TG_ARGV[0] names the column holding the creator's id (old and new row both count).
CREATE FUNCTION "creator_version_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_creator_version((to_jsonb(OLD) ->> TG_ARGV[0])::uuid);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_creator_version((to_jsonb(NEW) ->> TG_ARGV[0])::uuid);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An account deleted or restored: its creator profile, and the follower counts of everyone it follows.
CREATE FUNCTION "creator_version_user_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  followed uuid;
BEGIN
  IF NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN
    PERFORM bump_creator_version(NEW.id);
    FOR followed IN SELECT creator_id FROM follows WHERE follower_id = NEW.id ORDER BY creator_id LOOP
      PERFORM bump_creator_version(followed);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "supports_creator_version" AFTER INSERT OR UPDATE OR DELETE ON "supports" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION creator_version_trigger('creator_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "follows_creator_version" AFTER INSERT OR UPDATE OR DELETE ON "follows" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION creator_version_trigger('creator_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "support_tiers_creator_version" AFTER INSERT OR UPDATE OR DELETE ON "support_tiers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION creator_version_trigger('creator_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "creator_profiles_creator_version" AFTER INSERT OR UPDATE OR DELETE ON "creator_profiles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION creator_version_trigger('user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_creator_version" AFTER UPDATE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION creator_version_user_trigger();
--> statement-breakpoint
-- For single-statement writes: `case when <condition> then ... else beabro_abort('why') end` rolls the
-- whole statement back with SQLSTATE BB001 (checkout records a paid attempt this way).
CREATE FUNCTION "beabro_abort"("message" text) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = message, ERRCODE = 'BB001';
END
$$;
