ALTER TABLE "sandbox_events" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN "status" text DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN "failed_at" timestamp with time zone;