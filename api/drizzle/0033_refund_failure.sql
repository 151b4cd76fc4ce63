DROP INDEX "ledger_entries_refund_type_key";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "reversal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "creator_restore" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "creator_restore_transfer_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "creator_restore_payment_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "creator_restore_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_restore_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reversal_payout_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reversal_payout_id_payouts_id_fk" FOREIGN KEY ("reversal_payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_type_key" ON "ledger_entries" USING btree ("refund_id","type","reversal");