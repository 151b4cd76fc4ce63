ALTER TABLE "disputes" ADD COLUMN "status_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "status_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_payouts" ADD COLUMN "event_created_at" timestamp with time zone;