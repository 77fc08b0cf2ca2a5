CREATE TABLE "vacation_deputies" (
	"absence_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"declined_at" timestamp with time zone,
	"decline_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacation_deputies_absence_id_user_id_pk" PRIMARY KEY("absence_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "vacation_deputies" ADD CONSTRAINT "vacation_deputies_absence_id_absences_id_fk" FOREIGN KEY ("absence_id") REFERENCES "public"."absences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacation_deputies" ADD CONSTRAINT "vacation_deputies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vacation_deputies_user_idx" ON "vacation_deputies" USING btree ("user_id","absence_id");