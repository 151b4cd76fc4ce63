-- The size of each post image as stored (after the upload is encoded again), so the rendered post gives every
-- <img> its width and height and the page does not move while images load. Images uploaded before this have no
-- recorded size (SQL cannot read the files): both null, and their <img> goes without the two attributes.
ALTER TABLE "post_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_size_check" CHECK (("width" is null and "height" is null) or ("width" > 0 and "height" > 0));
