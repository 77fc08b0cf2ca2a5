ALTER TABLE "user_groups" ADD COLUMN "assignable_user_groups" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Who may give which group: written out once for every group that may create or edit users,
-- with the rule the application checks (core: uncoveredSettingsPermissions): every group but
-- Admin whose rights in the settings area the giver covers. From then on Admins keep the lists
-- in the group editor.
UPDATE "user_groups" g SET "assignable_user_groups" = coalesce((
  SELECT array_agg(h."id" ORDER BY h."sorting_index", h."label")
  FROM "user_groups" h
  WHERE h."name" <> 'Admin' AND NOT EXISTS (
    SELECT 1 FROM unnest(h."permissions") AS p(name)
    WHERE p.name = ANY(ARRAY[
    'einstellungen_sehen', 'einstellungen_benutzer_alle_sehen', 'einstellungen_benutzer_aus_eigener_filiale_sehen',
    'einstellungen_benutzer_erstellen', 'einstellungen_benutzer_bearbeiten', 'einstellungen_benutzer_bearbeiten_alle_felder',
    'einstellungen_benutzer_bearbeiten_benutzername', 'einstellungen_benutzer_bearbeiten_nur_freie_tage',
    'einstellungen_benutzer_aktiv_inaktiv_setzen', 'einstellungen_benutzer_l_schen', 'user_image_can_edit',
    'einstellungen_sondertermine_sehen', 'einstellungen_sondertermine_erstellen', 'einstellungen_sondertermine_bearbeiten',
    'einstellungen_sondertermine_l_schen', 'einstellungen_benutzergruppen_sehen', 'einstellungen_benutzergruppen_bearbeiten',
    'einstellungen_standorte_sehen', 'einstellungen_standorte_erstellen', 'einstellungen_standorte_bearbeiten',
    'einstellungen_standorte_l_schen', 'einstellungen_login_verlauf_sehen', 'einstellungen_hersteller_sehen_1',
    'einstellungen_hersteller_erstellen', 'einstellungen_hersteller_bearbeiten', 'einstellungen_hersteller_l_schen',
    'einstellungen_labels_mit_farbe_sehen', 'einstellungen_labels_mit_farbe_bearbeiten', 'settings_claim_can_edit_status'
    ]::text[])
      AND NOT (p.name = ANY(g."permissions"))
      AND NOT (p.name = 'einstellungen_benutzer_aus_eigener_filiale_sehen' AND 'einstellungen_benutzer_alle_sehen' = ANY(g."permissions"))
      AND NOT (p.name = 'einstellungen_benutzer_bearbeiten_nur_freie_tage' AND 'einstellungen_benutzer_bearbeiten' = ANY(g."permissions"))
  )
), '{}')
WHERE g."name" <> 'Admin' AND g."permissions" && ARRAY['einstellungen_benutzer_erstellen', 'einstellungen_benutzer_bearbeiten']::text[];
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Requests created twice by parallel clicks (the check-then-insert race): keep one of each
-- identical period, the decided one first, then the oldest, with its approval task.
WITH ranked AS (
  SELECT "id", row_number() OVER (
    PARTITION BY "kind", "user_id", "start_date", "end_date"
    ORDER BY ("approved" OR "declined") DESC, "created_at", "id"
  ) AS n
  FROM "absences"
  WHERE "user_id" IS NOT NULL AND NOT "declined"
), doomed AS (
  DELETE FROM "absences" a USING ranked r WHERE a."id" = r."id" AND r.n > 1 RETURNING a."id"
)
DELETE FROM "tasks" t USING doomed d WHERE t."reference" = 'absence:' || d."id"::text;
--> statement-breakpoint
-- Any other overlap can only stem from the same race: a later vacation request is declined,
-- a later sick report removed, so the database can enforce the rule from now on.
UPDATE "absences" a SET "declined" = true
WHERE a."kind" = 'vacation' AND NOT a."declined" AND EXISTS (
  SELECT 1 FROM "absences" b
  WHERE b."kind" = 'vacation' AND NOT b."declined" AND b."user_id" = a."user_id" AND b."id" <> a."id"
    AND b."start_date" <= a."end_date" AND b."end_date" >= a."start_date"
    AND (NOT b."approved", b."created_at", b."id") < (NOT a."approved", a."created_at", a."id")
);
--> statement-breakpoint
DELETE FROM "absences" a
WHERE a."kind" = 'sick' AND EXISTS (
  SELECT 1 FROM "absences" b
  WHERE b."kind" = 'sick' AND b."user_id" = a."user_id" AND b."id" <> a."id"
    AND b."start_date" <= a."end_date" AND b."end_date" >= a."start_date"
    AND (b."created_at", b."id") < (a."created_at", a."id")
);
--> statement-breakpoint
-- No two live vacation requests and no two sick reports of one person overlap (spec 1 §8:
-- 422). The database enforces it, so parallel requests cannot slip past the service's check.
ALTER TABLE "absences" ADD CONSTRAINT "absences_vacation_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&)
  WHERE ("kind" = 'vacation' AND NOT "declined");
--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_sick_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&)
  WHERE ("kind" = 'sick');
--> statement-breakpoint
-- The company-wide settings are one row that always exists, so reading them never writes.
INSERT INTO "global_settings" ("id") SELECT gen_random_uuid() WHERE NOT EXISTS (SELECT 1 FROM "global_settings");
