CREATE SCHEMA "tickets";
--> statement-breakpoint
CREATE TABLE "tickets"."chatbots" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue_id" integer,
	"parent_id" integer,
	"name" varchar(250) NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"queue_type" varchar(20) DEFAULT 'text' NOT NULL,
	"close_ticket" boolean DEFAULT false NOT NULL,
	"opt_queue_id" integer,
	"opt_user_id" integer,
	"opt_integration_id" integer,
	"opt_file_id" integer,
	"order_option" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."connections" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"channel" varchar(20) NOT NULL,
	"status" varchar(20) NOT NULL,
	"number" varchar(50),
	"is_default" boolean DEFAULT false NOT NULL,
	"group_as_ticket" varchar(10) DEFAULT 'disabled' NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"complation_message" text DEFAULT '' NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"time_create_new_ticket" integer DEFAULT 0 NOT NULL,
	"queue_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."contact_tags" (
	"contact_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tags_contact_id_tag_id_pk" PRIMARY KEY("contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tickets"."contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(250) NOT NULL,
	"number" varchar(50) NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"lid" varchar(100),
	"remote_jid" varchar(200),
	"is_group" boolean DEFAULT false NOT NULL,
	"channel" varchar(20) DEFAULT 'whatsapp' NOT NULL,
	"url_picture" text,
	"active" boolean DEFAULT true NOT NULL,
	"accept_audio_message" boolean DEFAULT true NOT NULL,
	"disable_bot" boolean DEFAULT false NOT NULL,
	"lgpd_accepted_at" timestamp with time zone,
	"extra_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"whatsapp_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer,
	"user_id" integer,
	"wid" varchar(200),
	"body" text DEFAULT '' NOT NULL,
	"from_me" boolean DEFAULT false NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_edited" boolean DEFAULT false NOT NULL,
	"is_forwarded" boolean DEFAULT false NOT NULL,
	"ack" smallint DEFAULT 0 NOT NULL,
	"media_type" varchar(30) DEFAULT 'chat' NOT NULL,
	"media_key" text,
	"media_name" varchar(500),
	"quoted_msg_id" bigint,
	"reactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"queue_id" integer,
	"transcrito" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"subject" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "tickets"."pinned_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "tickets"."queues" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"color" varchar(9) NOT NULL,
	"greeting_message" text DEFAULT '' NOT NULL,
	"out_of_hours_message" text DEFAULT '' NOT NULL,
	"order_queue" integer,
	"tempo_roteador" integer DEFAULT 0 NOT NULL,
	"ativar_roteador" boolean DEFAULT false NOT NULL,
	"integration_id" integer,
	"file_list_id" integer,
	"close_ticket" boolean DEFAULT false NOT NULL,
	"schedules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."quick_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"shortcode" varchar(100) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"geral" boolean DEFAULT false NOT NULL,
	"visao" boolean DEFAULT true NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"media_key" text,
	"media_name" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"color" varchar(9) DEFAULT '#757575' NOT NULL,
	"kanban" smallint DEFAULT 0 NOT NULL,
	"time_lane" integer DEFAULT 0 NOT NULL,
	"next_lane_id" integer,
	"rollback_lane_id" integer,
	"greeting_message_lane" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."ticket_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."ticket_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer,
	"contact_id" integer NOT NULL,
	"user_id" integer,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."ticket_tags" (
	"ticket_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_tags_ticket_id_tag_id_pk" PRIMARY KEY("ticket_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tickets"."tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"whatsapp_id" integer,
	"queue_id" integer,
	"user_id" integer,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"channel" varchar(20) DEFAULT 'whatsapp' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"unread_messages" integer DEFAULT 0 NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone,
	"amount_used_bot_queues" integer DEFAULT 0 NOT NULL,
	"use_integration" boolean DEFAULT false NOT NULL,
	"is_transfered" boolean DEFAULT false NOT NULL,
	"user_rating" smallint,
	"chatbot_id" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."users" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"profile" varchar(10) NOT NULL,
	"queue_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"all_ticket" varchar(10) DEFAULT 'disable' NOT NULL,
	"allow_group" boolean DEFAULT false NOT NULL,
	"all_historic" varchar(10),
	"all_user_chat" varchar(10) DEFAULT 'disabled' NOT NULL,
	"farewell_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."chatbots" ADD CONSTRAINT "chatbots_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "tickets"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."contact_tags" ADD CONSTRAINT "contact_tags_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "tickets"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."contact_tags" ADD CONSTRAINT "contact_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "tickets"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."messages" ADD CONSTRAINT "messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."pinned_tickets" ADD CONSTRAINT "pinned_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_logs" ADD CONSTRAINT "ticket_logs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_notes" ADD CONSTRAINT "ticket_notes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_notes" ADD CONSTRAINT "ticket_notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "tickets"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_tags" ADD CONSTRAINT "ticket_tags_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "tickets"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."ticket_tags" ADD CONSTRAINT "ticket_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "tickets"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."tickets" ADD CONSTRAINT "tickets_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "tickets"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbots_queue_idx" ON "tickets"."chatbots" USING btree ("queue_id");--> statement-breakpoint
CREATE INDEX "chatbots_parent_idx" ON "tickets"."chatbots" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "connections_company_idx" ON "tickets"."connections" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "contact_tags_tag_idx" ON "tickets"."contact_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_number_key" ON "tickets"."contacts" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_lid_key" ON "tickets"."contacts" USING btree ("company_id","lid") WHERE "tickets"."contacts"."lid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_uuid_key" ON "tickets"."contacts" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "contacts_company_name_idx" ON "tickets"."contacts" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "tickets"."contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_number_trgm_idx" ON "tickets"."contacts" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_company_wid_key" ON "tickets"."messages" USING btree ("company_id","wid") WHERE "tickets"."messages"."wid" is not null;--> statement-breakpoint
CREATE INDEX "messages_ticket_created_idx" ON "tickets"."messages" USING btree ("ticket_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_body_trgm_idx" ON "tickets"."messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "pinned_tickets_user_ticket_key" ON "tickets"."pinned_tickets" USING btree ("user_id","ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_color_key" ON "tickets"."queues" USING btree ("company_id",lower("color"));--> statement-breakpoint
CREATE UNIQUE INDEX "queues_company_name_key" ON "tickets"."queues" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "quick_messages_company_idx" ON "tickets"."quick_messages" USING btree ("company_id","shortcode");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_company_name_key" ON "tickets"."tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ticket_logs_ticket_idx" ON "tickets"."ticket_logs" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_notes_contact_idx" ON "tickets"."ticket_notes" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "ticket_notes_ticket_idx" ON "tickets"."ticket_notes" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_tags_tag_idx" ON "tickets"."ticket_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_uuid_key" ON "tickets"."tickets" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_one_open_per_contact_key" ON "tickets"."tickets" USING btree ("contact_id",coalesce("whatsapp_id", 0)) WHERE "tickets"."tickets"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "tickets_company_status_updated_idx" ON "tickets"."tickets" USING btree ("company_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_company_queue_status_updated_idx" ON "tickets"."tickets" USING btree ("company_id","queue_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_company_user_status_updated_idx" ON "tickets"."tickets" USING btree ("company_id","user_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_contact_idx" ON "tickets"."tickets" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "tickets"."users" USING btree ("company_id");