CREATE TABLE "sick_note_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"absence_id" uuid,
	"user_id" uuid,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "absences" ADD COLUMN "sick_kind" text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "absences" ADD COLUMN "certificate" text;--> statement-breakpoint
ALTER TABLE "absences" ADD COLUMN "certificate_file_id" uuid;--> statement-breakpoint
ALTER TABLE "sick_note_downloads" ADD CONSTRAINT "sick_note_downloads_absence_id_absences_id_fk" FOREIGN KEY ("absence_id") REFERENCES "public"."absences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_note_downloads" ADD CONSTRAINT "sick_note_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sick_note_downloads_absence_idx" ON "sick_note_downloads" USING btree ("absence_id","created_at");--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_certificate_file_id_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_sick_kind_ck" CHECK ("absences"."sick_kind" in ('own', 'child') and ("absences"."certificate" is null or "absences"."certificate" in ('first', 'followUp')));