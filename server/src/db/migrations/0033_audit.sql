CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"ip" text DEFAULT '' NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" uuid,
	"changes" jsonb,
	"sealed" "bytea"
);
--> statement-breakpoint
CREATE TABLE "person_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The sick notes' download log becomes part of the trail: each download a read of the report.
INSERT INTO "audit_log" ("at", "actor_id", "ip", "entity", "entity_id", "action", "subject_id")
SELECT d."created_at", d."user_id", d."ip", 'sick_report', coalesce(d."absence_id"::text, ''), 'read', a."user_id"
FROM "sick_note_downloads" d LEFT JOIN "absences" a ON a."id" = d."absence_id"
ORDER BY d."created_at";--> statement-breakpoint
DROP TABLE "sick_note_downloads" CASCADE;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "retention" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "global_settings" ADD COLUMN "retention_ran_on" date;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
-- Append-only, enforced by the database: no UPDATE or TRUNCATE ever, a DELETE only of a row past
-- the trail's retention (global_settings.retention.auditDays, 1095 days when unset).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."at" < now() - make_interval(days => coalesce(
      (SELECT ("retention"->>'auditDays')::int FROM "global_settings" ORDER BY "created_at" LIMIT 1), 1095)) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- Erasure of a person (docs/decisions/datenschutz-loeschen.md) may take their name out of the stock
-- history, and nothing else: the row stays as it was, as 'Benutzer gelöscht'.
CREATE OR REPLACE FUNCTION "stock_history_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NULL AND NEW.user_name = 'Benutzer gelöscht'
     AND (NEW.id, NEW.article_id, NEW.location_id, NEW.before, NEW.after, NEW.reason, NEW.client_change_id, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.article_id, OLD.location_id, OLD.before, OLD.after, OLD.reason, OLD.client_change_id, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'stock_history rows cannot be changed' USING ERRCODE = 'P0001';
END;
$$;
