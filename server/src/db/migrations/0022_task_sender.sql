ALTER TABLE "tasks" ADD COLUMN "from_system" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The rating tasks written so far came from the scheduler, not from a person.
UPDATE "tasks" SET "from_system" = true WHERE "created_by" IS NULL AND "reference" LIKE 'training-rating:%';
