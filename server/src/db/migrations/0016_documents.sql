CREATE TABLE "library_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"file_id" uuid NOT NULL,
	"teams" uuid[] DEFAULT '{}' NOT NULL,
	"short_link" text,
	"content" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german', coalesce(name, '')), 'A') || setweight(to_tsvector('german', coalesce(content, '')), 'B')) STORED,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_documents_file_id_unique" UNIQUE("file_id"),
	CONSTRAINT "library_documents_type_ck" CHECK ("library_documents"."type" in ('pdf', 'docx', 'xlsx'))
);
--> statement-breakpoint
CREATE TABLE "library_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"path" uuid[] NOT NULL,
	"teams" uuid[] DEFAULT '{}' NOT NULL,
	"teams_upload" uuid[] DEFAULT '{}' NOT NULL,
	"short_link" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_folders_depth_ck" CHECK (cardinality("library_folders"."path") between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_folder_id_library_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."library_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folders" ADD CONSTRAINT "library_folders_parent_id_library_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."library_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_documents_short_link_uq" ON "library_documents" USING btree (lower("short_link"));--> statement-breakpoint
CREATE INDEX "library_documents_folder_idx" ON "library_documents" USING btree ("folder_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "library_documents_name_trgm_idx" ON "library_documents" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "library_documents_search_idx" ON "library_documents" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "library_folders_name_uq" ON "library_folders" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "library_folders_short_link_uq" ON "library_folders" USING btree (lower("short_link"));--> statement-breakpoint
CREATE INDEX "library_folders_parent_idx" ON "library_folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "library_folders_path_idx" ON "library_folders" USING gin ("path");--> statement-breakpoint
CREATE INDEX "library_folders_name_trgm_idx" ON "library_folders" USING gin (lower("name") gin_trgm_ops);