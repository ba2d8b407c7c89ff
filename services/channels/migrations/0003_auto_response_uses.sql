CREATE TABLE "channels"."auto_response_uses" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"auto_response_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"delivered" boolean,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels"."auto_response_uses" ADD CONSTRAINT "auto_response_uses_auto_response_id_auto_responses_id_fk" FOREIGN KEY ("auto_response_id") REFERENCES "channels"."auto_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_response_uses_rule_idx" ON "channels"."auto_response_uses" USING btree ("auto_response_id");