ALTER TABLE "tickets"."users" ADD COLUMN "online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_created_brin_idx" ON "tickets"."messages" USING brin ("created_at");