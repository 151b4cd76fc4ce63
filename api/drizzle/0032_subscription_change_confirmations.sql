CREATE TABLE "subscription_change_confirmations" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tier_position" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_change_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "subscription_change_confirmations" ADD CONSTRAINT "subscription_change_confirmations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;