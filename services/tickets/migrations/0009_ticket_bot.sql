CREATE TABLE "tickets"."prompt_queues" (
	"prompt_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "tickets"."connections" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD COLUMN "bot_ended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "prompt_queues_company_idx" ON "tickets"."prompt_queues" USING btree ("company_id");