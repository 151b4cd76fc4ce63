CREATE TABLE "page_views" (
	"creator_id" uuid NOT NULL,
	"page" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_creator_id_page_day_pk" PRIMARY KEY("creator_id","page","day")
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_creator_id_creator_profiles_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creator_profiles"("user_id") ON DELETE cascade ON UPDATE no action;