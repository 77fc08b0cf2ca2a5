CREATE TABLE "absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"count_days" numeric NOT NULL,
	"days_by_year" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"declined" boolean DEFAULT false NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"special_holiday" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"overtime_deduction" boolean DEFAULT false NOT NULL,
	"overtime" numeric,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contingents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"surplus" numeric,
	"deduction" numeric DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contingents" ADD CONSTRAINT "contingents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absences_user_idx" ON "absences" USING btree ("kind","user_id","start_date");--> statement-breakpoint
CREATE INDEX "absences_state_idx" ON "absences" USING btree ("kind","approved","declined","end_date");--> statement-breakpoint
CREATE INDEX "absences_period_idx" ON "absences" USING btree ("kind","start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "contingents_user_year_uq" ON "contingents" USING btree ("user_id","year");--> statement-breakpoint
-- The surplus and deduction kept on the user belong to the current year: move them over.
INSERT INTO "contingents" ("user_id", "year", "surplus", "deduction")
  SELECT "id", extract(year from now() at time zone 'Europe/Berlin')::int, "holiday_surplus_previous_year", "deduction_holidays_current_year" FROM "users";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "holiday_surplus_previous_year";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "deduction_holidays_current_year";