ALTER TABLE "tickets"."connections" ADD COLUMN "greeting_media_key" text;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "greeting_media_name" varchar(500);