ALTER TABLE "subscriptions" ADD COLUMN "card_setups_started" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_setup_number" integer DEFAULT 0 NOT NULL;