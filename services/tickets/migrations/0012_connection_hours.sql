ALTER TABLE "tickets"."connections" ADD COLUMN "schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "collective_vacation_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "collective_vacation_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "collective_vacation_end" timestamp with time zone;