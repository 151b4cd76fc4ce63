-- Payments become intents confirmed in the provider's own card field (issue 27).
-- Our side: the attempt (recorded before the provider is called) learns its provider intent, and every
-- signed provider event is recorded once by its id.
ALTER TABLE "payment_attempts" ADD COLUMN "provider_intent_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_intent_id" ON "payment_attempts" USING btree ("provider_intent_id");
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"intent_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_pkey" PRIMARY KEY ("provider", "id")
);
--> statement-breakpoint
-- The sandbox provider's side: it keeps no expiry (brand, last four and the test behaviour only).
ALTER TABLE "sandbox_payment_methods" DROP COLUMN "exp_month";
--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" DROP COLUMN "exp_year";
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"customer" text NOT NULL,
	"keep_card" boolean NOT NULL,
	"off_session" boolean NOT NULL,
	"application_fee_cents" integer NOT NULL,
	"destination" text NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"payment_method_token" text,
	"charge_id" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_intents_idempotency_key" ON "sandbox_payment_intents" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE TABLE "sandbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
