ALTER TABLE "global_settings" ADD COLUMN "carry_over_expiry" text DEFAULT '03-31' NOT NULL;--> statement-breakpoint
ALTER TABLE "absences" ADD COLUMN "decline_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "absences" ADD COLUMN "credited_dates" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
CREATE INDEX "absences_vacation_start_idx" ON "absences" USING btree ("start_date","id") WHERE kind = 'vacation';