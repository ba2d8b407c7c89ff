CREATE TABLE "campaigns"."queues" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "queues_company_idx" ON "campaigns"."queues" USING btree ("company_id");