-- Every amount so far was in US dollars (decision 0015): the new columns say so, then lose the default so that every
-- insert names its currency.
ALTER TABLE "creator_profiles" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "supports" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "supports" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "creator_profiles" ADD CONSTRAINT "creator_profiles_currency_check" CHECK ("creator_profiles"."currency" in ('usd', 'cad', 'gbp', 'aud'));--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_currency_check" CHECK ("disputes"."currency" in ('usd', 'cad', 'gbp', 'aud'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_currency_check" CHECK ("ledger_entries"."currency" in ('usd', 'cad', 'gbp', 'aud'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_currency_check" CHECK ("payment_attempts"."currency" in ('usd', 'cad', 'gbp', 'aud'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_currency_check" CHECK ("payouts"."currency" in ('usd', 'cad', 'gbp', 'aud'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_currency_check" CHECK ("refunds"."currency" in ('usd', 'cad', 'gbp', 'aud'));--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_currency_check" CHECK ("sandbox_charges"."currency" in ('usd', 'cad', 'gbp', 'aud'));--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_currency_check" CHECK ("sandbox_transfers"."currency" in ('usd', 'cad', 'gbp', 'aud'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_currency_check" CHECK ("subscriptions"."currency" in ('usd', 'cad', 'gbp', 'aud'));--> statement-breakpoint
ALTER TABLE "supports" ADD CONSTRAINT "supports_currency_check" CHECK ("supports"."currency" in ('usd', 'cad', 'gbp', 'aud'));