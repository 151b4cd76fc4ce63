ALTER TABLE "subscriptions" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pause_resumes_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscriptions_pause_resumes_idx" ON "subscriptions" USING btree ("status","pause_resumes_at");
