ALTER TABLE "admin"."companies" ADD COLUMN "address" varchar(200);--> statement-breakpoint
ALTER TABLE "admin"."companies" ADD COLUMN "city" varchar(100);--> statement-breakpoint
ALTER TABLE "admin"."companies" ADD COLUMN "state" varchar(50);--> statement-breakpoint
ALTER TABLE "admin"."companies" ADD COLUMN "number_attendants" integer;--> statement-breakpoint
ALTER TABLE "admin"."companies" ADD COLUMN "number_conections" integer;