CREATE TABLE "channels"."bot_sessions" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"session_id" varchar(200) NOT NULL,
	"last_input" jsonb,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bot_sessions_company_idx" ON "channels"."bot_sessions" USING btree ("company_id");