CREATE TABLE "contact_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"username_changed_at" timestamp with time zone,
	"display_name" text NOT NULL,
	"bio" text NOT NULL,
	"creator_type" text NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"minimum_amount_cents" integer DEFAULT 300 NOT NULL,
	"goal_title" text DEFAULT '' NOT NULL,
	"goal_amount_cents" integer,
	"country" text,
	"profile_image" text,
	"cover_image" text,
	"show_earnings" boolean DEFAULT false NOT NULL,
	"show_supporter_count" boolean DEFAULT true NOT NULL,
	"allow_messages" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "creator_profiles_minimum_amount_check" CHECK ("creator_profiles"."minimum_amount_cents" between 100 and 10000),
	CONSTRAINT "creator_profiles_goal_amount_check" CHECK ("creator_profiles"."goal_amount_cents" is null or "creator_profiles"."goal_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_creator_id_pk" PRIMARY KEY("follower_id","creator_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_tiers" (
	"creator_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"emoji" text NOT NULL,
	"description" text NOT NULL,
	"perks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "support_tiers_creator_id_position_pk" PRIMARY KEY("creator_id","position"),
	CONSTRAINT "support_tiers_position_check" CHECK ("support_tiers"."position" between 0 and 3),
	CONSTRAINT "support_tiers_amount_check" CHECK ("support_tiers"."amount_cents" >= 100)
);
--> statement-breakpoint
CREATE TABLE "supports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"supporter_user_id" uuid,
	"supporter_name" text,
	"supporter_email" text,
	"amount_cents" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"processing_fee_cents" integer NOT NULL,
	"creator_net_cents" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supports_amount_check" CHECK ("supports"."amount_cents" >= 100),
	CONSTRAINT "supports_fees_add_up_check" CHECK ("supports"."creator_net_cents" >= 0 and "supports"."platform_fee_cents" >= 0 and "supports"."processing_fee_cents" >= 0 and "supports"."creator_net_cents" <= "supports"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"password_hash" text,
	"display_name" text NOT NULL,
	"user_type" text NOT NULL,
	"notify_new_support" boolean DEFAULT true NOT NULL,
	"notify_monthly_report" boolean DEFAULT true NOT NULL,
	"notify_goal_reached" boolean DEFAULT true NOT NULL,
	"notify_supporter_messages" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_profiles" ADD CONSTRAINT "creator_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tiers" ADD CONSTRAINT "support_tiers_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supports" ADD CONSTRAINT "supports_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supports" ADD CONSTRAINT "supports_supporter_user_id_users_id_fk" FOREIGN KEY ("supporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_profiles_username_key" ON "creator_profiles" USING btree ("username");--> statement-breakpoint
CREATE INDEX "creator_profiles_created_at_idx" ON "creator_profiles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "follows_creator_id_idx" ON "follows" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "supports_creator_created_idx" ON "supports" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "supports_supporter_user_idx" ON "supports" USING btree ("supporter_user_id");--> statement-breakpoint
CREATE INDEX "supports_supporter_email_idx" ON "supports" USING btree ("supporter_email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");