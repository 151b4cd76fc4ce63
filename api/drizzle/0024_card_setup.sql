-- The sandbox's SetupIntents: a card saved for later payments without a charge (a supporter replacing the card of a
-- monthly support). Like its payment intents, kept apart from our tables: a token, never the card.
CREATE TABLE "sandbox_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"payment_method_token" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_setup_intents_idempotency_key" ON "sandbox_setup_intents" USING btree ("idempotency_key");
