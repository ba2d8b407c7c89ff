ALTER TABLE "tickets"."connections" ADD COLUMN "time_inactive_message" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "inactive_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD COLUMN "inactivity_warned_at" timestamp with time zone;