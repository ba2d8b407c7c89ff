ALTER TABLE "tickets"."connections" ADD COLUMN "rating_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "max_use_bot_queues_nps" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "expires_ticket_nps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD COLUMN "rating_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD COLUMN "rating_attempts" smallint DEFAULT 0 NOT NULL;