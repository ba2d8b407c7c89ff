CREATE SCHEMA "campaigns";
--> statement-breakpoint
CREATE TABLE "campaigns"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"subject" text NOT NULL,
	"envelope" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "campaigns"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns"."campaign_shipping" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"number" varchar(50) NOT NULL,
	"name" varchar(250) DEFAULT '' NOT NULL,
	"email" varchar(250) DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"confirmation_message" text DEFAULT '' NOT NULL,
	"confirmation" boolean DEFAULT false NOT NULL,
	"contact_list_item_id" integer,
	"job_status" varchar(20) DEFAULT 'pending' NOT NULL,
	"delivered_at" timestamp with time zone,
	"confirmation_requested_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns"."campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"message1" text,
	"message2" text,
	"message3" text,
	"message4" text,
	"message5" text,
	"confirmation_message1" text,
	"confirmation_message2" text,
	"confirmation_message3" text,
	"confirmation_message4" text,
	"confirmation_message5" text,
	"status" varchar(20) DEFAULT 'INATIVA' NOT NULL,
	"confirmation" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"contact_list_id" integer,
	"tag_list_id" integer,
	"whatsapp_id" integer NOT NULL,
	"status_ticket" varchar(10) DEFAULT 'closed' NOT NULL,
	"open_ticket" varchar(10) DEFAULT 'disabled' NOT NULL,
	"user_id" integer,
	"queue_id" integer,
	"media_path" varchar(500),
	"media_name" varchar(500),
	"media_mime" varchar(200),
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns"."campaign_settings" (
	"company_id" integer NOT NULL,
	"key" varchar(50) NOT NULL,
	"value" jsonb DEFAULT 'null'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_settings_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "campaigns"."connections" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"channel" varchar(20) NOT NULL,
	"status" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns"."contact_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_list_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"number" varchar(50) NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"is_whatsapp_valid" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns"."contact_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns"."schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"body" text NOT NULL,
	"contact_id" integer NOT NULL,
	"contact_number" varchar(50) NOT NULL,
	"contact_name" varchar(250) DEFAULT '' NOT NULL,
	"user_id" integer,
	"whatsapp_id" integer,
	"ticket_user_id" integer,
	"queue_id" integer,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"status" varchar(20) DEFAULT 'PENDENTE' NOT NULL,
	"error" text,
	"claimed_at" timestamp with time zone,
	"media_path" text,
	"media_name" varchar(500),
	"media_mime" varchar(200),
	"media_size" integer,
	"open_ticket" varchar(10) DEFAULT 'enabled' NOT NULL,
	"status_ticket" varchar(10) DEFAULT 'closed' NOT NULL,
	"assinar" boolean DEFAULT false NOT NULL,
	"intervalo" integer DEFAULT 1 NOT NULL,
	"valor_intervalo" integer DEFAULT 0 NOT NULL,
	"enviar_quantas_vezes" integer DEFAULT 1 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"tipo_dias" integer DEFAULT 4 NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns"."campaign_shipping" ADD CONSTRAINT "campaign_shipping_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns"."contact_list_items" ADD CONSTRAINT "contact_list_items_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "campaigns"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_shipping_campaign_number_key" ON "campaigns"."campaign_shipping" USING btree ("campaign_id","number");--> statement-breakpoint
CREATE INDEX "campaign_shipping_company_number_idx" ON "campaigns"."campaign_shipping" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "campaign_shipping_job_status_idx" ON "campaigns"."campaign_shipping" USING btree ("job_status");--> statement-breakpoint
CREATE INDEX "campaigns_company_idx" ON "campaigns"."campaigns" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns"."campaigns" USING btree ("status");--> statement-breakpoint
CREATE INDEX "connections_company_idx" ON "campaigns"."connections" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_list_items_list_number_key" ON "campaigns"."contact_list_items" USING btree ("contact_list_id","number");--> statement-breakpoint
CREATE INDEX "contact_list_items_company_idx" ON "campaigns"."contact_list_items" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "contact_lists_company_idx" ON "campaigns"."contact_lists" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "schedules_company_idx" ON "campaigns"."schedules" USING btree ("company_id","send_at");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "campaigns"."schedules" USING btree ("send_at");