-- Usernames a creator has left behind: their old links redirect to the current username, and nobody else can
-- take them (the creator can take one back, which removes it from here).
CREATE TABLE "former_usernames" (
	"username" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "former_usernames" ADD CONSTRAINT "former_usernames_user_id_creator_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "former_usernames_user_id_idx" ON "former_usernames" USING btree ("user_id");
