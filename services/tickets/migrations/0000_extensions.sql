CREATE SCHEMA IF NOT EXISTS "tickets";
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
