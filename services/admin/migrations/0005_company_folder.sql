ALTER TABLE "admin"."companies" ADD COLUMN "folder_size" bigint;--> statement-breakpoint
ALTER TABLE "admin"."companies" ADD COLUMN "number_file_folder" integer;--> statement-breakpoint
ALTER TABLE "admin"."companies" ADD COLUMN "updated_at_folder" timestamp with time zone;