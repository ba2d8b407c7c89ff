CREATE SCHEMA "auth";
--> statement-breakpoint
CREATE TABLE "auth"."outbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"subject" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "auth"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "auth"."refresh_tokens" (
	"hash" varchar(64) PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth"."sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(30),
	"ip" varchar(64),
	"user_agent" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "auth"."users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"profile" varchar(10) DEFAULT 'user' NOT NULL,
	"super" boolean DEFAULT false NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"start_work" varchar(5) DEFAULT '00:00' NOT NULL,
	"end_work" varchar(5) DEFAULT '23:59' NOT NULL,
	"farewell_message" text,
	"all_ticket" varchar(10) DEFAULT 'disable' NOT NULL,
	"allow_group" boolean DEFAULT false NOT NULL,
	"default_theme" varchar(10) DEFAULT 'light' NOT NULL,
	"default_menu" varchar(10) DEFAULT 'open' NOT NULL,
	"all_historic" varchar(10) DEFAULT 'disabled',
	"all_user_chat" varchar(10) DEFAULT 'disabled' NOT NULL,
	"user_close_pending_ticket" varchar(10) DEFAULT 'enabled' NOT NULL,
	"show_dashboard" varchar(10) DEFAULT 'disabled' NOT NULL,
	"allow_real_time" varchar(10) DEFAULT 'disabled' NOT NULL,
	"allow_connections" varchar(10) DEFAULT 'disabled' NOT NULL,
	"whatsapp_id" integer,
	"queue_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"profile_image" text,
	"default_tickets_manager_width" integer DEFAULT 550 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "auth"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "auth"."refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "auth"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "auth"."users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "auth"."users" USING btree ("company_id","name");