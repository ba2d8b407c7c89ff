ALTER TABLE "tickets"."connections" ADD COLUMN "send_id_queue" integer;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "time_send_queue" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "expires_ticket" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "when_expires_ticket" varchar(1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "expires_inactive_message" text DEFAULT '' NOT NULL;