CREATE TABLE "card_detachments" (
	"provider" text NOT NULL,
	"payment_method_token" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_detachments_provider_payment_method_token_pk" PRIMARY KEY("provider","payment_method_token")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "list_unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "list_unsubscribe_one_click" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_detachments" ADD CONSTRAINT "card_detachments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_detachments_due_idx" ON "card_detachments" USING btree ("status","next_attempt_at");