ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_source_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "provider_payout_id" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "payouts_held" boolean;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_provider_payout_type_key" ON "ledger_entries" USING btree ("provider_payout_id","type");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_source_check" CHECK (num_nonnulls("ledger_entries"."support_id", "ledger_entries"."payout_id", "ledger_entries"."provider_payout_id") = 1);