-- The HTML part of an email is rendered by the sender when it delivers, from the content stored here,
-- instead of inside the request or job that queues it (html_body is filled in once it is sent).
ALTER TABLE "email_outbox" ADD COLUMN "content" jsonb;
