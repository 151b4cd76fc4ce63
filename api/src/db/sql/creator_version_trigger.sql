-- Row trigger: TG_ARGV[0] names the column holding the creator's id (old and new row both count).
--
-- Created by migration 0004. Constraint triggers (deferred): supports_creator_version, follows_creator_version,
-- support_tiers_creator_version, creator_profiles_creator_version (0004) and refunds_creator_version (0008).
CREATE OR REPLACE FUNCTION "creator_version_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
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
