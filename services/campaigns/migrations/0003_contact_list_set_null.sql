-- Campaigns naming a contact list deleted before this key existed lose it, as the key does from now on.
UPDATE "campaigns"."campaigns" SET "contact_list_id" = NULL WHERE "contact_list_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "campaigns"."contact_lists" l WHERE l."id" = "campaigns"."contact_list_id");--> statement-breakpoint
-- Spec 002 §5: user and queue are disabled when openTicket is disabled (saved before that was enforced).
UPDATE "campaigns"."campaigns" SET "user_id" = NULL, "queue_id" = NULL WHERE "open_ticket" <> 'enabled' AND ("user_id" IS NOT NULL OR "queue_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "campaigns"."campaigns" ADD CONSTRAINT "campaigns_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "campaigns"."contact_lists"("id") ON DELETE set null ON UPDATE no action;
