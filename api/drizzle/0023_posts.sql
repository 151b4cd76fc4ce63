-- Posts: what a creator writes to everyone or to their supporters. The Markdown is kept as typed and the
-- sanitized HTML rendered from it on the server when saved (never HTML from a client); `excerpt` is its
-- plain text, at most 200 characters. Who may read a post is decided by the API for every read
-- (post-access.ts), never stored here. The slug is unique per creator and fixed once the post is published.
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL REFERENCES "creator_profiles"("user_id") ON DELETE CASCADE,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body_markdown" text NOT NULL,
	"body_html" text NOT NULL,
	"excerpt" text NOT NULL,
	"audience" text NOT NULL,
	"min_tier_position" integer,
	"early_access_days" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	-- The publish email fan-out: set at the first publish, done once every reader's email is queued.
	"emails_queued_at" timestamp with time zone,
	"emails_done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_audience_check" CHECK ("audience" in ('everyone', 'supporters', 'monthly', 'tier')),
	CONSTRAINT "posts_tier_check" CHECK (("audience" = 'tier') = ("min_tier_position" is not null) and ("min_tier_position" is null or "min_tier_position" between 0 and 3)),
	CONSTRAINT "posts_early_access_check" CHECK ("early_access_days" is null or ("early_access_days" between 1 and 30 and "audience" <> 'everyone')),
	CONSTRAINT "posts_status_check" CHECK ("status" in ('draft', 'published') and ("status" = 'published') = ("published_at" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "posts_creator_slug_key" ON "posts" USING btree ("creator_id","slug");--> statement-breakpoint
-- At most one pinned post per creator.
CREATE UNIQUE INDEX "posts_creator_pinned_key" ON "posts" USING btree ("creator_id") WHERE "pinned";--> statement-breakpoint
CREATE INDEX "posts_creator_published_idx" ON "posts" USING btree ("creator_id","status","published_at");--> statement-breakpoint
CREATE INDEX "posts_emails_pending_idx" ON "posts" USING btree ("emails_queued_at") WHERE "emails_queued_at" is not null and "emails_done_at" is null;--> statement-breakpoint
-- Images uploaded for posts (files under uploads/, like profile images): a post may show only its creator's.
CREATE TABLE "post_images" (
	"name" text PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL REFERENCES "creator_profiles"("user_id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "post_images_creator_idx" ON "post_images" USING btree ("creator_id");--> statement-breakpoint
-- One row per post and address its publish email went to: at most one email per post per person, however
-- often the fan-out runs. Its id is what the unsubscribe link signs; it outlives the post (post_id set null).
CREATE TABLE "post_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid REFERENCES "posts"("id") ON DELETE SET NULL,
	"creator_id" uuid NOT NULL REFERENCES "creator_profiles"("user_id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "post_deliveries_post_email_key" ON "post_deliveries" USING btree ("post_id","email");--> statement-breakpoint
CREATE INDEX "post_deliveries_creator_idx" ON "post_deliveries" USING btree ("creator_id");--> statement-breakpoint
-- Addresses that stopped a creator's post emails (from the link in one, no sign-in needed).
CREATE TABLE "post_email_opt_outs" (
	"creator_id" uuid NOT NULL REFERENCES "creator_profiles"("user_id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_email_opt_outs_pkey" PRIMARY KEY ("creator_id","email")
);
--> statement-breakpoint
-- Notifications: "New posts from creators I support" (on by default).
ALTER TABLE "users" ADD COLUMN "notify_new_posts" boolean DEFAULT true NOT NULL;
