CREATE TABLE "channels"."phone_contacts" (
	"connection_id" integer NOT NULL,
	"number" varchar(50) NOT NULL,
	"name" varchar(250) DEFAULT '' NOT NULL,
	"in_phonebook" boolean DEFAULT false NOT NULL,
	"has_chat" boolean DEFAULT false NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_contacts_connection_id_number_pk" PRIMARY KEY("connection_id","number")
);
--> statement-breakpoint
ALTER TABLE "channels"."phone_contacts" ADD CONSTRAINT "phone_contacts_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "channels"."connections"("id") ON DELETE cascade ON UPDATE no action;