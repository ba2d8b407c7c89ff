-- GIN's pending list off for the trigram indexes (see schema.ts): set in place instead of rebuilding
-- them, then what is already pending merged once, here, instead of by some later insert.
ALTER INDEX "tickets"."contacts_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "tickets"."contacts_number_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "tickets"."messages_body_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('"tickets"."contacts_name_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"tickets"."contacts_number_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"tickets"."messages_body_trgm_idx"'::regclass);
