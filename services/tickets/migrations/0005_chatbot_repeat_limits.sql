ALTER TABLE "tickets"."connections" ADD COLUMN "max_use_bot_queues" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "time_use_bot_queues" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD COLUMN "bot_menu_at" timestamp with time zone;