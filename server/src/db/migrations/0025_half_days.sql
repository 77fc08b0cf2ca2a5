ALTER TABLE "absences" ADD COLUMN "day_length" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_day_length_ck" CHECK ("absences"."day_length" in ('full', 'morning', 'afternoon'));--> statement-breakpoint
-- A morning and an afternoon request of one person may lie on the same day; a whole day overlaps
-- both. The day's part is a range of two halves: full [0,2), morning [0,1), afternoon [1,2).
ALTER TABLE "absences" DROP CONSTRAINT "absences_vacation_no_overlap";
--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_vacation_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&,
    (CASE "day_length" WHEN 'morning' THEN int4range(0, 1) WHEN 'afternoon' THEN int4range(1, 2) ELSE int4range(0, 2) END) WITH &&)
  WHERE ("kind" = 'vacation' AND NOT "declined");
