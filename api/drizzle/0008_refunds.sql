CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"support_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_fingerprint" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"platform_fee_returned_cents" integer DEFAULT 0 NOT NULL,
	"creator_debit_cents" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"cancel_subscription" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"failure_message" text,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0 and "refunds"."platform_fee_returned_cents" >= 0 and "refunds"."creator_debit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_support_id_supports_id_fk" FOREIGN KEY ("support_id") REFERENCES "public"."supports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_charge_id_sandbox_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."sandbox_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_creator_key" ON "refunds" USING btree ("creator_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_support_idx" ON "refunds" USING btree ("support_id");--> statement-breakpoint
CREATE INDEX "refunds_creator_created_idx" ON "refunds" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_refunds_idempotency_key" ON "sandbox_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_charge_idx" ON "sandbox_refunds" USING btree ("charge_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A support keeps one entry per type; its refunds add their own (one per refund and type).
DROP INDEX "ledger_entries_support_type_key";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_support_type_key" ON "ledger_entries" USING btree ("support_id","type") WHERE refund_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_type_key" ON "ledger_entries" USING btree ("refund_id","type");
--> statement-breakpoint
-- A refund changes what the creator's public page shows as raised: cached pages are refreshed.
CREATE CONSTRAINT TRIGGER "refunds_creator_version" AFTER INSERT OR UPDATE OR DELETE ON "refunds" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION creator_version_trigger('creator_id');
