CREATE TABLE "tickets"."chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"media_key" text,
	"media_name" varchar(500),
	"media_type" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets"."chat_users" (
	"chat_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"unreads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_users_chat_id_user_id_pk" PRIMARY KEY("chat_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tickets"."chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"title" varchar(255) DEFAULT '' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"owner_id" integer NOT NULL,
	"group_image" text,
	"last_message" text DEFAULT '' NOT NULL,
	"private_low_id" integer,
	"private_high_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets"."chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "tickets"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets"."chat_users" ADD CONSTRAINT "chat_users_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "tickets"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_chat_idx" ON "tickets"."chat_messages" USING btree ("chat_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_users_user_idx" ON "tickets"."chat_users" USING btree ("user_id","chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_uuid_key" ON "tickets"."chats" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_private_pair_key" ON "tickets"."chats" USING btree ("company_id","private_low_id","private_high_id") WHERE not "tickets"."chats"."is_group";