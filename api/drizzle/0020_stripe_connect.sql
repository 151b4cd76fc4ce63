-- A creator's payout account at the payment provider (Stripe Connect: the connected account charges are routed to),
-- as the provider last reported it (account.updated).
CREATE TABLE "payout_accounts" (
	"creator_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"country" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"transfers_active" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_account_key" ON "payout_accounts" USING btree ("provider","account_id");
--> statement-breakpoint
-- The provider's own payouts from a creator's connected account to their bank (payout.paid / payout.failed).
CREATE TABLE "provider_payouts" (
	"provider" text NOT NULL,
	"id" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"arrival_date" timestamp with time zone,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_payouts_provider_id_pk" PRIMARY KEY("provider","id")
);
--> statement-breakpoint
ALTER TABLE "provider_payouts" ADD CONSTRAINT "provider_payouts_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "provider_payouts_creator_idx" ON "provider_payouts" USING btree ("creator_id","created_at");
--> statement-breakpoint
-- Disputes (chargebacks) of supports' charges, as the provider reports them; the platform bears their losses.
CREATE TABLE "disputes" (
	"provider" text NOT NULL,
	"id" text NOT NULL,
	"support_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"withdrawn_cents" integer DEFAULT 0 NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"reinstated_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "disputes_provider_id_pk" PRIMARY KEY("provider","id")
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_support_id_supports_id_fk" FOREIGN KEY ("support_id") REFERENCES "public"."supports"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "disputes_support_idx" ON "disputes" USING btree ("support_id");
--> statement-breakpoint
-- A dispute's entries (the disputed amount and the dispute fee withdrawn from the platform, the amount reinstated when
-- it is won) carry its id: they are not the support's own four entries.
ALTER TABLE "ledger_entries" ADD COLUMN "dispute_id" text;
--> statement-breakpoint
DROP INDEX "ledger_entries_support_type_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_support_type_key" ON "ledger_entries" USING btree ("support_id","type") WHERE refund_id is null and dispute_id is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_dispute_type_key" ON "ledger_entries" USING btree ("dispute_id","type");
