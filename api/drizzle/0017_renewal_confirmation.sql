-- The renewal intent awaiting the supporter's authentication (3-D Secure) for this period, if any.
ALTER TABLE "subscription_charges" ADD COLUMN "action_intent_id" text;
