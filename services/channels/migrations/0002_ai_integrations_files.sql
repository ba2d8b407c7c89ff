CREATE TABLE "channels"."auto_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"similar_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"response" text NOT NULL,
	"priority" integer DEFAULT 3 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"time_restriction" boolean DEFAULT false NOT NULL,
	"start_time" varchar(5) DEFAULT '18:00' NOT NULL,
	"end_time" varchar(5) DEFAULT '07:00' NOT NULL,
	"days_of_week" integer[] DEFAULT '{1,2,3,4,5,6,7}'::integer[] NOT NULL,
	"outside_hours_message" text,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"last_used" timestamp with time zone,
	"success_rate" double precision DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels"."file_list_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_list_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"path" varchar(500) DEFAULT '' NOT NULL,
	"media_type" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels"."file_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"message" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels"."prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"prompt" text NOT NULL,
	"voice" varchar(100) DEFAULT 'texto' NOT NULL,
	"voice_key" text DEFAULT '' NOT NULL,
	"voice_region" varchar(100) DEFAULT '' NOT NULL,
	"max_tokens" integer DEFAULT 100 NOT NULL,
	"temperature" double precision DEFAULT 1 NOT NULL,
	"api_key" text NOT NULL,
	"queue_id" integer NOT NULL,
	"max_messages" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels"."queue_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"project_name" varchar(100) DEFAULT '' NOT NULL,
	"json_content" text DEFAULT '' NOT NULL,
	"language" varchar(10) DEFAULT 'pt-BR' NOT NULL,
	"url_n8n" text DEFAULT '' NOT NULL,
	"typebot_slug" varchar(255) DEFAULT '' NOT NULL,
	"typebot_expires" integer DEFAULT 1 NOT NULL,
	"typebot_delay_message" integer DEFAULT 1000 NOT NULL,
	"typebot_keyword_finish" varchar(255) DEFAULT '' NOT NULL,
	"typebot_keyword_restart" varchar(255) DEFAULT '' NOT NULL,
	"typebot_unknown_message" text DEFAULT '' NOT NULL,
	"typebot_restart_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels"."connections" ADD COLUMN "facebook_user_id" varchar(100);--> statement-breakpoint
ALTER TABLE "channels"."connections" ADD COLUMN "facebook_user_token" text;--> statement-breakpoint
ALTER TABLE "channels"."connections" ADD COLUMN "facebook_page_user_id" varchar(100);--> statement-breakpoint
ALTER TABLE "channels"."file_list_options" ADD CONSTRAINT "file_list_options_file_list_id_file_lists_id_fk" FOREIGN KEY ("file_list_id") REFERENCES "channels"."file_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_responses_company_idx" ON "channels"."auto_responses" USING btree ("company_id","is_active");--> statement-breakpoint
CREATE INDEX "file_list_options_list_idx" ON "channels"."file_list_options" USING btree ("file_list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_lists_company_name_key" ON "channels"."file_lists" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "prompts_company_idx" ON "channels"."prompts" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_integrations_company_name_key" ON "channels"."queue_integrations" USING btree ("company_id",lower("name"));