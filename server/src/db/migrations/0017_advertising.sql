CREATE TABLE "advertisings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"articles" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_from" date,
	"date_till" date,
	"show_from" date NOT NULL,
	"visible_from" timestamp with time zone NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"thumbnail_file_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisings" ADD CONSTRAINT "advertisings_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisings" ADD CONSTRAINT "advertisings_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisings" ADD CONSTRAINT "advertisings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertisings_show_from_idx" ON "advertisings" USING btree ("show_from" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "advertisings_visible_from_idx" ON "advertisings" USING btree ("visible_from");--> statement-breakpoint
CREATE INDEX "advertisings_created_at_idx" ON "advertisings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "advertisings_file_idx" ON "advertisings" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "advertisings_thumbnail_idx" ON "advertisings" USING btree ("thumbnail_file_id");