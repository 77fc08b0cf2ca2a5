CREATE TABLE "claim_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"field" text NOT NULL,
	"file_id" uuid NOT NULL,
	"thumbnail_file_id" uuid,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_files_same_bytes_uq" UNIQUE("claim_id","field","sha256"),
	CONSTRAINT "claim_files_field_ck" CHECK ("claim_files"."field" in ('complaintForm', 'pictures', 'customerInvoiceUploads'))
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"location_id" uuid NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_invoice" text DEFAULT '' NOT NULL,
	"supplier_name" text DEFAULT '' NOT NULL,
	"hauler_name" text DEFAULT '' NOT NULL,
	"order_number_onlineshop" text DEFAULT '' NOT NULL,
	"status_id" uuid,
	"priority" smallint,
	"scenario" text,
	"forwarded_to_supplier" timestamp with time zone,
	"supplier_claim_number" text DEFAULT '' NOT NULL,
	"accepted_by_supplier" timestamp with time zone,
	"good_will" boolean DEFAULT false NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"coupon" text DEFAULT '' NOT NULL,
	"workflow_done" timestamp with time zone,
	"additional_info" text DEFAULT '' NOT NULL,
	"completed" timestamp with time zone,
	"stock_updated" boolean DEFAULT false NOT NULL,
	"ba_number" text DEFAULT '' NOT NULL,
	"lueckentext" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_year_seq_uq" UNIQUE("year","seq"),
	CONSTRAINT "claims_type_ck" CHECK ("claims"."type" in ('customer-item', 'stock-item', 'hauler-item')),
	CONSTRAINT "claims_priority_ck" CHECK ("claims"."priority" is null or "claims"."priority" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_files" ADD CONSTRAINT "claim_files_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_status_id_claim_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."claim_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_files_claim_idx" ON "claim_files" USING btree ("claim_id","field","created_at");--> statement-breakpoint
CREATE INDEX "claim_files_file_idx" ON "claim_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "claims_location_created_idx" ON "claims" USING btree ("location_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "claims_created_idx" ON "claims" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "claims_open_booking_idx" ON "claims" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE ("claims"."ba_number" = '' or not "claims"."stock_updated");--> statement-breakpoint
CREATE INDEX "claims_open_booking_location_idx" ON "claims" USING btree ("location_id","created_at" DESC NULLS FIRST,"id") WHERE ("claims"."ba_number" = '' or not "claims"."stock_updated");--> statement-breakpoint
CREATE INDEX "claims_closed_booking_idx" ON "claims" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE ("claims"."ba_number" <> '' and "claims"."stock_updated");--> statement-breakpoint
CREATE INDEX "claims_closed_booking_location_idx" ON "claims" USING btree ("location_id","created_at" DESC NULLS FIRST,"id") WHERE ("claims"."ba_number" <> '' and "claims"."stock_updated");--> statement-breakpoint
CREATE INDEX "claims_closed_booking_count_idx" ON "claims" USING btree ("location_id") WHERE ("claims"."ba_number" <> '' and "claims"."stock_updated");--> statement-breakpoint
CREATE INDEX "claims_open_checklist_idx" ON "claims" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "claims"."completed" is null;--> statement-breakpoint
CREATE INDEX "claims_open_checklist_location_idx" ON "claims" USING btree ("location_id","created_at" DESC NULLS FIRST,"id") WHERE "claims"."completed" is null;--> statement-breakpoint
CREATE INDEX "claims_closed_checklist_idx" ON "claims" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "claims"."completed" is not null;--> statement-breakpoint
CREATE INDEX "claims_closed_checklist_location_idx" ON "claims" USING btree ("location_id","created_at" DESC NULLS FIRST,"id") WHERE "claims"."completed" is not null;--> statement-breakpoint
CREATE INDEX "claims_closed_checklist_count_idx" ON "claims" USING btree ("location_id") WHERE "claims"."completed" is not null;--> statement-breakpoint
CREATE INDEX "claims_year_location_idx" ON "claims" USING btree ("year","location_id");--> statement-breakpoint
CREATE INDEX "claims_number_trgm_idx" ON "claims" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "claims_created_by_idx" ON "claims" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("status_id");