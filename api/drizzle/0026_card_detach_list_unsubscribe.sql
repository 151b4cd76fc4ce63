ALTER TABLE "email_outbox" ADD COLUMN "list_unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "list_unsubscribe_one_click" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD COLUMN "detached_at" timestamp with time zone;