CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sales1_name" text DEFAULT '' NOT NULL,
	"sales2_name" text DEFAULT '' NOT NULL,
	"sales3_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"responsibility" text DEFAULT '' NOT NULL,
	"salutation" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"folder_id" uuid,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_files_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "category_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"depth" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_folders_depth_check" CHECK ("category_folders"."depth" between 1 and 2)
);
--> statement-breakpoint
CREATE TABLE "article_eans" (
	"ean" text PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_stocks" (
	"article_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "article_stocks_article_id_location_id_pk" PRIMARY KEY("article_id","location_id"),
	CONSTRAINT "article_stocks_count_check" CHECK ("article_stocks"."count" between 0 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"label_id" uuid,
	"number" text NOT NULL,
	"ean" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"decor" text DEFAULT '' NOT NULL,
	"sales1" text DEFAULT '' NOT NULL,
	"sales2" text DEFAULT '' NOT NULL,
	"sales3" text DEFAULT '' NOT NULL,
	"strength" text DEFAULT '' NOT NULL,
	"outlet" text DEFAULT '' NOT NULL,
	"quality" text DEFAULT '' NOT NULL,
	"baseboard" text DEFAULT '' NOT NULL,
	"corner" text DEFAULT '' NOT NULL,
	"srp" numeric(12, 2),
	"price" numeric(12, 2),
	"action_price" numeric(12, 2),
	"action_price_from" timestamp with time zone,
	"action_price_till" timestamp with time zone,
	"package" integer,
	"package2" integer,
	"delivery_central_warehouse" date,
	"delivery_central_warehouse2" date,
	"advertising" boolean DEFAULT false NOT NULL,
	"advertising_action_price" numeric(12, 2),
	"advertising_from" timestamp with time zone,
	"advertising_till" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"changes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"before" integer,
	"after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_contacts" ADD CONSTRAINT "category_contacts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_files" ADD CONSTRAINT "category_files_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_files" ADD CONSTRAINT "category_files_folder_id_category_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."category_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_files" ADD CONSTRAINT "category_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_folders" ADD CONSTRAINT "category_folders_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_folders" ADD CONSTRAINT "category_folders_parent_id_category_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."category_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_eans" ADD CONSTRAINT "article_eans_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_stocks" ADD CONSTRAINT "article_stocks_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_stocks" ADD CONSTRAINT "article_stocks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_label_id_color_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."color_labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_checks" ADD CONSTRAINT "stock_checks_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_checks" ADD CONSTRAINT "stock_checks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_history" ADD CONSTRAINT "stock_history_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_history" ADD CONSTRAINT "stock_history_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_position_idx" ON "categories" USING btree ("position","name");--> statement-breakpoint
CREATE INDEX "category_contacts_category_idx" ON "category_contacts" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "category_files_category_idx" ON "category_files" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "category_files_folder_idx" ON "category_files" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "category_folders_category_idx" ON "category_folders" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "category_folders_parent_idx" ON "category_folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "article_eans_article_idx" ON "article_eans" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "article_stocks_location_idx" ON "article_stocks" USING btree ("location_id","article_id");--> statement-breakpoint
CREATE INDEX "articles_category_number_idx" ON "articles" USING btree ("category_id","number","id");--> statement-breakpoint
CREATE INDEX "articles_category_manufacturer_idx" ON "articles" USING btree ("category_id","manufacturer_id","number");--> statement-breakpoint
CREATE INDEX "articles_category_label_idx" ON "articles" USING btree ("category_id","label_id");--> statement-breakpoint
CREATE INDEX "articles_manufacturer_idx" ON "articles" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "articles_label_idx" ON "articles" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "articles_number_idx" ON "articles" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "articles_number_lower_idx" ON "articles" USING btree (lower("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_checks_category_location_idx" ON "stock_checks" USING btree ("category_id","location_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_history_article_idx" ON "stock_history" USING btree ("article_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "stock_history_location_idx" ON "stock_history" USING btree ("location_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The stock history is a record: rows are added and go with their article or location, never changed.
CREATE FUNCTION "stock_history_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_history rows cannot be changed' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stock_history_no_update" BEFORE UPDATE ON "stock_history" FOR EACH ROW EXECUTE FUNCTION "stock_history_immutable"();
