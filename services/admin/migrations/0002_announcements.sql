CREATE TABLE "admin"."announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"title" varchar(200) NOT NULL,
	"text" text NOT NULL,
	"priority" smallint DEFAULT 3 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"media_path" text,
	"media_name" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin"."announcements" ADD CONSTRAINT "announcements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "admin"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_status_created_idx" ON "admin"."announcements" USING btree ("status","created_at");