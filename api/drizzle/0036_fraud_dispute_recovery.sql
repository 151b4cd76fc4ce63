DROP INDEX "ledger_entries_dispute_type_key";--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "creator_recovery" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "recovered_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "recovery_reversal_id" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "recovery_payment_refund_id" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "recovery_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "next_recovery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "recovery_payout_id" uuid;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_recovery_payout_id_payouts_id_fk" FOREIGN KEY ("recovery_payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_dispute_type_key" ON "ledger_entries" USING btree ("dispute_id","type","account");