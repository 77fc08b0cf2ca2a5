CREATE TABLE "claim_stock_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"history_id" uuid,
	"article_id" uuid,
	"article_number" text NOT NULL,
	"article_name" text NOT NULL,
	"location_id" uuid,
	"location_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"before" integer NOT NULL,
	"after" integer NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_stock_corrections_history_id_unique" UNIQUE("history_id")
);
--> statement-breakpoint
ALTER TABLE "stock_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "claim_stock_corrections" ADD CONSTRAINT "claim_stock_corrections_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_stock_corrections" ADD CONSTRAINT "claim_stock_corrections_history_id_stock_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."stock_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_stock_corrections" ADD CONSTRAINT "claim_stock_corrections_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_stock_corrections" ADD CONSTRAINT "claim_stock_corrections_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_stock_corrections_claim_idx" ON "claim_stock_corrections" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_stock_corrections_article_idx" ON "claim_stock_corrections" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "claim_stock_corrections_location_idx" ON "claim_stock_corrections" USING btree ("location_id");