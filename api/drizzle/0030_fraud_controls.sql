CREATE TABLE "fraud_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_declines" (
	"key" text NOT NULL,
	"ref" text NOT NULL,
	"weight" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "fraud_declines_key_ref_pk" PRIMARY KEY("key","ref")
);
--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "supports" ADD COLUMN "fraud_flagged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "fraud_alerts_at_idx" ON "fraud_alerts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "fraud_declines_key_at_idx" ON "fraud_declines" USING btree ("key","at");