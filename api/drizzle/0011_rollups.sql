-- Rollups of the money and supporter facts, kept by triggers in the same transaction as the facts
-- (supports, refunds, ledger entries), so the creator dashboard and analytics read a bounded number of
-- rows whatever the creator's history. The *_recomputed views define each rollup from the facts: the
-- backfill below inserts them and the integrity check compares them with the stored rows.
--
-- First, a stable supporter key: supporter_identities. A support belongs to the identity of its account
-- (signed in), else of its email (a guest). A guest's identity joins the account that verifies its
-- address (the verified-email rule the supporter's own dashboard follows); a deleted account's identity
-- stays, detached (no account, no address), so its supports still count as one supporter.
CREATE TABLE "supporter_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "supporter_identities_user_key" ON "supporter_identities" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "supporter_identities_email_key" ON "supporter_identities" USING btree ("email");
--> statement-breakpoint
ALTER TABLE "supports" ADD COLUMN "supporter_id" uuid DEFAULT null REFERENCES "supporter_identities"("id");
--> statement-breakpoint
-- The identity a new support belongs to (created when missing). Safe under concurrent checkouts: the
-- unique keys decide, and a loser reads the winner's row (READ COMMITTED: each statement sees commits).
CREATE FUNCTION "supporter_identity_for"("account" uuid, "address" text) RETURNS uuid LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- An account's verified address changed (verified, replaced, or no longer verified): the guest identity of
-- the new verified address joins the account's (its supports move, and the rollups follow through the
-- supports trigger); from now on guest supports with that address are the account's.
CREATE FUNCTION "supporter_identity_claim"("account" uuid, "verified" text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mine uuid;
  other uuid;
  other_owner uuid;
BEGIN
  SELECT id INTO mine FROM supporter_identities WHERE user_id = account FOR UPDATE;
  IF verified IS NULL THEN
    UPDATE supporter_identities SET email = NULL WHERE id = mine AND email IS NOT NULL;
    RETURN;
  END IF;
  SELECT id, user_id INTO other, other_owner FROM supporter_identities WHERE email = verified FOR UPDATE;
  IF other IS NOT NULL AND other = mine THEN RETURN; END IF;
  IF other IS NOT NULL AND other_owner IS NOT NULL THEN
    -- The address's former owner (who has since changed address): their past stays theirs.
    UPDATE supporter_identities SET email = NULL WHERE id = other;
    other := NULL;
  END IF;
  IF mine IS NULL THEN
    IF other IS NOT NULL THEN UPDATE supporter_identities SET user_id = account WHERE id = other; END IF;
    RETURN;
  END IF;
  IF other IS NOT NULL THEN
    UPDATE supports SET supporter_id = mine WHERE supporter_id = other;
    DELETE FROM supporter_identities WHERE id = other;
  END IF;
  UPDATE supporter_identities SET email = verified WHERE id = mine;
END
$$;
--> statement-breakpoint
-- Backfill: every support's identity (the function creates identities as it goes; a guest address
-- verified by an account resolves to that account's identity).
UPDATE "supports" SET "supporter_id" = supporter_identity_for(supporter_user_id, supporter_email);
--> statement-breakpoint
ALTER TABLE "supports" ALTER COLUMN "supporter_id" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "supports_creator_created_idx";
--> statement-breakpoint
-- The supporter in the index: distinct supporters of a window are read from the index alone.
CREATE INDEX "supports_creator_created_idx" ON "supports" USING btree ("creator_id","created_at","supporter_id");
--> statement-breakpoint
CREATE INDEX "supports_supporter_created_idx" ON "supports" USING btree ("supporter_id","created_at");
--> statement-breakpoint
-- Per creator and UTC day. From supports (on the support's day): count, recurring count, gross, net and
-- the count per amount range (SUPPORT_DISTRIBUTION_RANGES: $1-5, $6-15, $16-25, $26-50, $51+). From
-- succeeded refunds (on the day completed): amount refunded and what came off the creator. From the
-- ledger (on the entry's day): gross, creator net and payout entries (payouts negative).
CREATE TABLE "creator_daily_rollups" (
	"creator_id" uuid NOT NULL,
	"day" date NOT NULL,
	"supports" integer DEFAULT 0 NOT NULL,
	"recurring_supports" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	"range1_supports" integer DEFAULT 0 NOT NULL,
	"range2_supports" integer DEFAULT 0 NOT NULL,
	"range3_supports" integer DEFAULT 0 NOT NULL,
	"range4_supports" integer DEFAULT 0 NOT NULL,
	"range5_supports" integer DEFAULT 0 NOT NULL,
	"refunded_gross_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_net_cents" bigint DEFAULT 0 NOT NULL,
	"ledger_gross_cents" bigint DEFAULT 0 NOT NULL,
	"ledger_net_cents" bigint DEFAULT 0 NOT NULL,
	"ledger_payout_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_daily_rollups_pkey" PRIMARY KEY("creator_id","day")
);
--> statement-breakpoint
-- The same figures over the creator's whole history, and the number of distinct supporters.
CREATE TABLE "creator_rollups" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"supports" integer DEFAULT 0 NOT NULL,
	"supporters" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_gross_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_net_cents" bigint DEFAULT 0 NOT NULL,
	"ledger_gross_cents" bigint DEFAULT 0 NOT NULL,
	"ledger_net_cents" bigint DEFAULT 0 NOT NULL,
	"ledger_payout_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One row per creator and supporter: the first support (ties broken by id), the last, the last that
-- was not a renewal, how many and their gross.
CREATE TABLE "creator_supporters" (
	"creator_id" uuid NOT NULL,
	"supporter_id" uuid NOT NULL,
	"first_support_id" uuid NOT NULL,
	"first_support_at" timestamp with time zone NOT NULL,
	"last_support_at" timestamp with time zone NOT NULL,
	"last_checkout_at" timestamp with time zone,
	"supports" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	CONSTRAINT "creator_supporters_pkey" PRIMARY KEY("creator_id","supporter_id")
);
--> statement-breakpoint
CREATE INDEX "creator_supporters_first_idx" ON "creator_supporters" USING btree ("creator_id","first_support_at");
--> statement-breakpoint
CREATE INDEX "creator_supporters_last_idx" ON "creator_supporters" USING btree ("creator_id","last_support_at");
--> statement-breakpoint
CREATE INDEX "creator_supporters_last_checkout_idx" ON "creator_supporters" USING btree ("creator_id","last_checkout_at");
--> statement-breakpoint
CREATE VIEW "creator_daily_rollups_recomputed" AS
SELECT creator_id, day,
  sum(supports)::integer AS supports, sum(recurring)::integer AS recurring_supports,
  sum(gross)::bigint AS gross_cents, sum(net)::bigint AS net_cents,
  sum(r1)::integer AS range1_supports, sum(r2)::integer AS range2_supports, sum(r3)::integer AS range3_supports,
  sum(r4)::integer AS range4_supports, sum(r5)::integer AS range5_supports,
  sum(refunded_gross)::bigint AS refunded_gross_cents, sum(refunded_net)::bigint AS refunded_net_cents,
  sum(ledger_gross)::bigint AS ledger_gross_cents, sum(ledger_net)::bigint AS ledger_net_cents, sum(ledger_payout)::bigint AS ledger_payout_cents
FROM (
  SELECT creator_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS supports, is_recurring::integer AS recurring,
    amount_cents AS gross, creator_net_cents AS net,
    (amount_cents <= 500)::integer AS r1, (amount_cents BETWEEN 501 AND 1500)::integer AS r2, (amount_cents BETWEEN 1501 AND 2500)::integer AS r3,
    (amount_cents BETWEEN 2501 AND 5000)::integer AS r4, (amount_cents > 5000)::integer AS r5,
    0 AS refunded_gross, 0 AS refunded_net, 0 AS ledger_gross, 0 AS ledger_net, 0 AS ledger_payout
  FROM supports
  UNION ALL
  SELECT creator_id, (completed_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, amount_cents, creator_debit_cents, 0, 0, 0
  FROM refunds WHERE status = 'succeeded' AND completed_at IS NOT NULL
  UNION ALL
  SELECT creator_id, (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    CASE WHEN type = 'gross' THEN amount_cents ELSE 0 END, CASE WHEN type = 'creator_net' THEN amount_cents ELSE 0 END, CASE WHEN type = 'payout' THEN amount_cents ELSE 0 END
  FROM ledger_entries WHERE type IN ('gross', 'creator_net', 'payout')
) facts
GROUP BY creator_id, day;
--> statement-breakpoint
CREATE VIEW "creator_supporters_recomputed" AS
SELECT creator_id, supporter_id,
  (array_agg(id ORDER BY created_at, id))[1] AS first_support_id,
  min(created_at) AS first_support_at, max(created_at) AS last_support_at,
  max(created_at) FILTER (WHERE NOT is_renewal) AS last_checkout_at,
  count(*)::integer AS supports, sum(amount_cents)::bigint AS gross_cents
FROM supports
GROUP BY creator_id, supporter_id;
--> statement-breakpoint
CREATE VIEW "creator_rollups_recomputed" AS
SELECT d.creator_id, d.supports, coalesce(p.supporters, 0)::integer AS supporters, d.gross_cents, d.net_cents,
  d.refunded_gross_cents, d.refunded_net_cents, d.ledger_gross_cents, d.ledger_net_cents, d.ledger_payout_cents
FROM (
  SELECT creator_id, sum(supports)::integer AS supports, sum(gross_cents)::bigint AS gross_cents, sum(net_cents)::bigint AS net_cents,
    sum(refunded_gross_cents)::bigint AS refunded_gross_cents, sum(refunded_net_cents)::bigint AS refunded_net_cents,
    sum(ledger_gross_cents)::bigint AS ledger_gross_cents, sum(ledger_net_cents)::bigint AS ledger_net_cents, sum(ledger_payout_cents)::bigint AS ledger_payout_cents
  FROM creator_daily_rollups_recomputed GROUP BY creator_id
) d
LEFT JOIN (SELECT creator_id, count(*) AS supporters FROM creator_supporters_recomputed GROUP BY creator_id) p ON p.creator_id = d.creator_id;
--> statement-breakpoint
-- Rebuilds one creator's rollups (all creators when null) from the facts: the backfill, and bulk loads
-- that ran with triggers off (the benchmark seed).
CREATE FUNCTION "rebuild_creator_rollups"("creator" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM creator_daily_rollups WHERE creator IS NULL OR creator_id = creator;
  DELETE FROM creator_rollups WHERE creator IS NULL OR creator_id = creator;
  DELETE FROM creator_supporters WHERE creator IS NULL OR creator_id = creator;
  INSERT INTO creator_daily_rollups SELECT * FROM creator_daily_rollups_recomputed WHERE creator IS NULL OR creator_id = creator;
  INSERT INTO creator_supporters SELECT * FROM creator_supporters_recomputed WHERE creator IS NULL OR creator_id = creator;
  INSERT INTO creator_rollups SELECT * FROM creator_rollups_recomputed WHERE creator IS NULL OR creator_id = creator;
END
$$;
--> statement-breakpoint
SELECT rebuild_creator_rollups(NULL);
--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) one fact's share of a creator's totals and of its day. The totals row
-- is always locked before the day's (and, for supports, before the supporter's row): one lock order, so
-- concurrent writes for a creator queue instead of deadlocking, and upserts never lose an update.
CREATE FUNCTION "add_to_creator_rollups"(
  "creator" uuid, "at" timestamp with time zone, "supports_n" integer, "recurring_n" integer, "gross" bigint, "net" bigint, "amount" integer,
  "refunded_gross" bigint, "refunded_net" bigint, "ledger_gross" bigint, "ledger_net" bigint, "ledger_payout" bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r integer[] := ARRAY[0, 0, 0, 0, 0];
BEGIN
  IF supports_n <> 0 THEN
    r[CASE WHEN amount <= 500 THEN 1 WHEN amount <= 1500 THEN 2 WHEN amount <= 2500 THEN 3 WHEN amount <= 5000 THEN 4 ELSE 5 END] := supports_n;
  END IF;
  INSERT INTO creator_rollups AS t (creator_id, supports, gross_cents, net_cents, refunded_gross_cents, refunded_net_cents, ledger_gross_cents, ledger_net_cents, ledger_payout_cents)
  VALUES (creator, supports_n, gross, net, refunded_gross, refunded_net, ledger_gross, ledger_net, ledger_payout)
  ON CONFLICT (creator_id) DO UPDATE SET
    supports = t.supports + EXCLUDED.supports, gross_cents = t.gross_cents + EXCLUDED.gross_cents, net_cents = t.net_cents + EXCLUDED.net_cents,
    refunded_gross_cents = t.refunded_gross_cents + EXCLUDED.refunded_gross_cents, refunded_net_cents = t.refunded_net_cents + EXCLUDED.refunded_net_cents,
    ledger_gross_cents = t.ledger_gross_cents + EXCLUDED.ledger_gross_cents, ledger_net_cents = t.ledger_net_cents + EXCLUDED.ledger_net_cents,
    ledger_payout_cents = t.ledger_payout_cents + EXCLUDED.ledger_payout_cents;
  INSERT INTO creator_daily_rollups AS d (creator_id, day, supports, recurring_supports, gross_cents, net_cents, range1_supports, range2_supports, range3_supports, range4_supports, range5_supports,
    refunded_gross_cents, refunded_net_cents, ledger_gross_cents, ledger_net_cents, ledger_payout_cents)
  VALUES (creator, (at AT TIME ZONE 'UTC')::date, supports_n, recurring_n, gross, net, r[1], r[2], r[3], r[4], r[5], refunded_gross, refunded_net, ledger_gross, ledger_net, ledger_payout)
  ON CONFLICT (creator_id, day) DO UPDATE SET
    supports = d.supports + EXCLUDED.supports, recurring_supports = d.recurring_supports + EXCLUDED.recurring_supports,
    gross_cents = d.gross_cents + EXCLUDED.gross_cents, net_cents = d.net_cents + EXCLUDED.net_cents,
    range1_supports = d.range1_supports + EXCLUDED.range1_supports, range2_supports = d.range2_supports + EXCLUDED.range2_supports,
    range3_supports = d.range3_supports + EXCLUDED.range3_supports, range4_supports = d.range4_supports + EXCLUDED.range4_supports,
    range5_supports = d.range5_supports + EXCLUDED.range5_supports,
    refunded_gross_cents = d.refunded_gross_cents + EXCLUDED.refunded_gross_cents, refunded_net_cents = d.refunded_net_cents + EXCLUDED.refunded_net_cents,
    ledger_gross_cents = d.ledger_gross_cents + EXCLUDED.ledger_gross_cents, ledger_net_cents = d.ledger_net_cents + EXCLUDED.ledger_net_cents,
    ledger_payout_cents = d.ledger_payout_cents + EXCLUDED.ledger_payout_cents;
END
$$;
--> statement-breakpoint
-- A (creator, supporter) row recomputed from its supports (after a support left it): removed when none is left.
CREATE FUNCTION "recompute_creator_supporter"("creator" uuid, "supporter" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  SELECT count(*) INTO n FROM supports WHERE creator_id = creator AND supporter_id = supporter;
  IF n = 0 THEN
    DELETE FROM creator_supporters WHERE creator_id = creator AND supporter_id = supporter;
    IF FOUND THEN UPDATE creator_rollups SET supporters = supporters - 1 WHERE creator_id = creator; END IF;
    RETURN;
  END IF;
  UPDATE creator_supporters cs SET
    first_support_id = r.first_support_id, first_support_at = r.first_support_at, last_support_at = r.last_support_at,
    last_checkout_at = r.last_checkout_at, supports = r.supports, gross_cents = r.gross_cents
  FROM (
    SELECT (array_agg(id ORDER BY created_at, id))[1] AS first_support_id, min(created_at) AS first_support_at, max(created_at) AS last_support_at,
      max(created_at) FILTER (WHERE NOT is_renewal) AS last_checkout_at, count(*)::integer AS supports, sum(amount_cents)::bigint AS gross_cents
    FROM supports WHERE creator_id = creator AND supporter_id = supporter
  ) r
  WHERE cs.creator_id = creator AND cs.supporter_id = supporter;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "supports_identity_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.supporter_id IS NULL THEN
    NEW.supporter_id := supporter_identity_for(NEW.supporter_user_id, NEW.supporter_email);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "supports_identity" BEFORE INSERT ON "supports" FOR EACH ROW EXECUTE FUNCTION supports_identity_trigger();
--> statement-breakpoint
CREATE FUNCTION "supports_rollups_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  inserted boolean;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.creator_id = OLD.creator_id AND NEW.supporter_id = OLD.supporter_id AND NEW.created_at = OLD.created_at
     AND NEW.amount_cents = OLD.amount_cents AND NEW.creator_net_cents = OLD.creator_net_cents AND NEW.is_recurring = OLD.is_recurring AND NEW.is_renewal = OLD.is_renewal THEN
    RETURN NULL; -- nothing the rollups hold (e.g. a deleted account's supports detached)
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM add_to_creator_rollups(OLD.creator_id, OLD.created_at, -1, -(OLD.is_recurring::integer), -OLD.amount_cents, -OLD.creator_net_cents, OLD.amount_cents, 0, 0, 0, 0, 0);
    PERFORM recompute_creator_supporter(OLD.creator_id, OLD.supporter_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM add_to_creator_rollups(NEW.creator_id, NEW.created_at, 1, NEW.is_recurring::integer, NEW.amount_cents, NEW.creator_net_cents, NEW.amount_cents, 0, 0, 0, 0, 0);
    IF TG_OP = 'UPDATE' AND NEW.creator_id = OLD.creator_id AND NEW.supporter_id = OLD.supporter_id THEN
      RETURN NULL; -- the recomputation above already holds the new values
    END IF;
    INSERT INTO creator_supporters AS cs (creator_id, supporter_id, first_support_id, first_support_at, last_support_at, last_checkout_at, supports, gross_cents)
    VALUES (NEW.creator_id, NEW.supporter_id, NEW.id, NEW.created_at, NEW.created_at, CASE WHEN NEW.is_renewal THEN NULL ELSE NEW.created_at END, 1, NEW.amount_cents)
    ON CONFLICT (creator_id, supporter_id) DO UPDATE SET
      first_support_id = CASE WHEN (EXCLUDED.first_support_at, EXCLUDED.first_support_id) < (cs.first_support_at, cs.first_support_id) THEN EXCLUDED.first_support_id ELSE cs.first_support_id END,
      first_support_at = least(cs.first_support_at, EXCLUDED.first_support_at),
      last_support_at = greatest(cs.last_support_at, EXCLUDED.last_support_at),
      last_checkout_at = greatest(cs.last_checkout_at, EXCLUDED.last_checkout_at),
      supports = cs.supports + 1,
      gross_cents = cs.gross_cents + EXCLUDED.gross_cents
    RETURNING (xmax = 0) INTO inserted;
    IF inserted THEN
      UPDATE creator_rollups SET supporters = supporters + 1 WHERE creator_id = NEW.creator_id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "supports_rollups" AFTER INSERT OR UPDATE OR DELETE ON "supports" FOR EACH ROW EXECUTE FUNCTION supports_rollups_trigger();
--> statement-breakpoint
CREATE FUNCTION "refunds_rollups_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER "refunds_rollups" AFTER INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION refunds_rollups_trigger();
--> statement-breakpoint
CREATE FUNCTION "ledger_entries_rollups_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_rollups" AFTER INSERT OR UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entries_rollups_trigger();
--> statement-breakpoint
-- Accounts: a deleted account's identity is detached (its supports stay one supporter, tied to nobody);
-- a newly verified or changed address is claimed.
CREATE FUNCTION "users_supporter_identity_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    IF TG_OP = 'INSERT' OR OLD.deleted_at IS NULL THEN
      UPDATE supporter_identities SET user_id = NULL, email = NULL WHERE user_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.email IS DISTINCT FROM OLD.email OR (NEW.email_verified_at IS NULL) <> (OLD.email_verified_at IS NULL) THEN
    PERFORM supporter_identity_claim(NEW.id, CASE WHEN NEW.email_verified_at IS NOT NULL THEN NEW.email END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_supporter_identity" AFTER INSERT OR UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION users_supporter_identity_trigger();
