-- The supporter wall: a support whose supporter chose "Show me on the supporter wall" at checkout. The wall
-- lists each supporter once, by their newest such support still standing (not left, not hidden). Changes to
-- these columns bump the creator's version through the supports trigger (0004), so the public profile's
-- cache follows them.
ALTER TABLE "supports" ADD COLUMN "show_on_wall" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Set when the creator hid the supporter from their wall (on every opted-in support of that supporter).
ALTER TABLE "supports" ADD COLUMN "wall_hidden_at" timestamp with time zone;--> statement-breakpoint
-- Set when the supporter left the wall; a later support that opts in again puts them back.
ALTER TABLE "supports" ADD COLUMN "wall_left_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "supports_wall_idx" ON "supports" USING btree ("creator_id","supporter_id","created_at") WHERE "show_on_wall";
--> statement-breakpoint
-- Default tiers promise only what the product delivers. Tiers still carrying the old default perks
-- (never edited) get the new ones; perks a creator wrote stay theirs.
UPDATE "support_tiers" SET "perks" = CASE WHEN "is_recurring"
    THEN '["A receipt by email every month", "Your name on the supporter wall, if you choose", "Pause or cancel anytime from My Missions"]'::jsonb
    ELSE '["A thank-you and a receipt by email", "Your name on the supporter wall, if you choose"]'::jsonb END
  WHERE "perks" IN (
    '["A heartfelt thank-you", "Your name on the supporter wall"]'::jsonb,
    '["A heartfelt thank-you", "Your name on the supporter wall", "Behind-the-scenes updates"]'::jsonb,
    '["Everything in Fuel the Journey", "Monthly progress reports", "Early access to new work", "A monthly thank-you message"]'::jsonb,
    '["Everything in Fuel the Journey", "A personal thank-you message", "Shout-out in the next update"]'::jsonb
  );
