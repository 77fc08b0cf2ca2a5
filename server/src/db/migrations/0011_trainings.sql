CREATE TABLE "training_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"training_id" uuid NOT NULL,
	"user_id" uuid,
	"waiting_list" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"registered_by" uuid,
	"attended" boolean,
	"info" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_valuations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"training_id" uuid NOT NULL,
	"user_id" uuid,
	"stars" smallint,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_valuations_stars_check" CHECK ("training_valuations"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"address" text NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"contact_person" uuid,
	"lecturer" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"contingent" integer NOT NULL,
	"ratings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainings_contingent_check" CHECK ("trainings"."contingent" >= 0)
);
--> statement-breakpoint
ALTER TABLE "training_registrations" ADD CONSTRAINT "training_registrations_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_registrations" ADD CONSTRAINT "training_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_registrations" ADD CONSTRAINT "training_registrations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_registrations" ADD CONSTRAINT "training_registrations_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_valuations" ADD CONSTRAINT "training_valuations_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_valuations" ADD CONSTRAINT "training_valuations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_contact_person_users_id_fk" FOREIGN KEY ("contact_person") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_registrations_training_user_uq" ON "training_registrations" USING btree ("training_id","user_id");--> statement-breakpoint
CREATE INDEX "training_registrations_user_idx" ON "training_registrations" USING btree ("user_id","training_id");--> statement-breakpoint
CREATE INDEX "training_registrations_waiting_idx" ON "training_registrations" USING btree ("training_id","created_at","id") WHERE "training_registrations"."waiting_list";--> statement-breakpoint
CREATE UNIQUE INDEX "training_valuations_training_user_uq" ON "training_valuations" USING btree ("training_id","user_id");--> statement-breakpoint
CREATE INDEX "trainings_category_date_idx" ON "trainings" USING btree ("category","date","id");--> statement-breakpoint
CREATE INDEX "trainings_date_idx" ON "trainings" USING btree ("date");--> statement-breakpoint
CREATE INDEX "trainings_created_idx" ON "trainings" USING btree ("created_at");--> statement-breakpoint
-- Links set before trainings existed point nowhere; they are cleared so the reference can hold.
UPDATE "news" SET "link_id" = NULL WHERE "link_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_link_id_trainings_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."trainings"("id") ON DELETE set null ON UPDATE no action;