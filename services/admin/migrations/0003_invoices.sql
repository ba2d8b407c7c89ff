CREATE TABLE "admin"."invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"detail" varchar(200) NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"due_date" date NOT NULL,
	"value" numeric(11, 2) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"txid" varchar(35),
	"link_invoice" varchar(1000),
	"end_to_end_id" varchar(40),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin"."invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "admin"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_due_key" ON "admin"."invoices" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_txid_key" ON "admin"."invoices" USING btree ("txid");