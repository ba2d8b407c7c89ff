CREATE SCHEMA "channels";
--> statement-breakpoint
CREATE TABLE "channels"."connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"channel" varchar(20) DEFAULT 'whatsapp' NOT NULL,
	"number" varchar(50) DEFAULT '' NOT NULL,
	"status" varchar(20) DEFAULT 'DISCONNECTED' NOT NULL,
	"qrcode" text DEFAULT '' NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"allow_group" boolean DEFAULT false NOT NULL,
	"group_as_ticket" varchar(10) DEFAULT 'disabled' NOT NULL,
	"import_old_messages" timestamp with time zone,
	"import_recent_messages" timestamp with time zone,
	"import_old_messages_groups" boolean DEFAULT false NOT NULL,
	"closed_tickets_post_imported" boolean DEFAULT false NOT NULL,
	"queue_id_import_messages" integer,
	"status_import_messages" varchar(50),
	"token" varchar(30) NOT NULL,
	"queue_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"integration_id" integer,
	"prompt_id" integer,
	"send_id_queue" integer,
	"time_send_queue" integer DEFAULT 0 NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"complation_message" text DEFAULT '' NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"collective_vacation_message" text DEFAULT '' NOT NULL,
	"collective_vacation_start" timestamp with time zone,
	"collective_vacation_end" timestamp with time zone,
	"greeting_media_attachment" varchar(500),
	"greeting_media_name" varchar(500),
	"time_create_new_ticket" integer DEFAULT 0 NOT NULL,
	"max_use_bot_queues" integer DEFAULT 3 NOT NULL,
	"time_use_bot_queues" integer DEFAULT 0 NOT NULL,
	"provider" varchar(50) DEFAULT 'beta' NOT NULL,
	"expires_ticket" integer DEFAULT 0 NOT NULL,
	"when_expires_ticket" varchar(1) DEFAULT '0' NOT NULL,
	"expires_inactive_message" text DEFAULT '' NOT NULL,
	"time_inactive_message" integer DEFAULT 0 NOT NULL,
	"inactive_message" text DEFAULT '' NOT NULL,
	"rating_message" text DEFAULT '' NOT NULL,
	"max_use_bot_queues_nps" integer DEFAULT 3 NOT NULL,
	"expires_ticket_nps" integer DEFAULT 0 NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"subject" text NOT NULL,
	"envelope" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "channels"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "channels"."queues" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"color" varchar(9) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels"."session_keys" (
	"connection_id" integer NOT NULL,
	"key" varchar(300) NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_keys_connection_id_key_pk" PRIMARY KEY("connection_id","key")
);
--> statement-breakpoint
CREATE TABLE "channels"."session_leases" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"owner" varchar(100) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "connections_company_idx" ON "channels"."connections" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_token_key" ON "channels"."connections" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_company_name_key" ON "channels"."connections" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "connections_company_default_key" ON "channels"."connections" USING btree ("company_id") WHERE "channels"."connections"."is_default";--> statement-breakpoint
CREATE INDEX "queues_company_idx" ON "channels"."queues" USING btree ("company_id");