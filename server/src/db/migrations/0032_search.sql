-- The portal search (platform/search.ts): German Snowball stems without stop words, so a name that
-- starts like a stop word is found while typing; other tokens (numbers, EANs) as the simple configuration keeps them.
CREATE TEXT SEARCH DICTIONARY "search_de_stem" (TEMPLATE = snowball, LANGUAGE = german);--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "search_de" (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "search_de" ALTER MAPPING FOR asciiword, word, hword, hword_part, hword_asciipart, asciihword WITH "search_de_stem";--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_documents" drop column "search";--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('search_de'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('search_de'::regconfig, coalesce(content, '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "library_documents_search_idx" ON "library_documents" USING gin ("search");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('search_de'::regconfig, coalesce(first_name || ' ' || last_name, '')), 'A')) STORED;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('search_de'::regconfig, coalesce(title, '')), 'A')) STORED;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('search_de'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('search_de'::regconfig, coalesce(text, '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('search_de'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('search_de'::regconfig, coalesce(city || ' ' || lecturer, '')), 'B') || setweight(to_tsvector('search_de'::regconfig, coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('search_de'::regconfig, coalesce(number || ' ' || ean, '')), 'A') || setweight(to_tsvector('search_de'::regconfig, coalesce(name || ' ' || decor, '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('search_de'::regconfig, coalesce(number, '')), 'A') || setweight(to_tsvector('search_de'::regconfig, coalesce(customer_name, '')), 'A')) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_fts_idx" ON "users" USING gin ("search");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "news_search_idx" ON "news" USING gin ("search");--> statement-breakpoint
CREATE INDEX "trainings_search_idx" ON "trainings" USING gin ("search");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "claims_search_idx" ON "claims" USING gin ("search");--> statement-breakpoint
-- Every lexeme of the searchable tables, for typo tolerance: learnt per statement from the rows it
-- wrote (words only, no numbers); a lexeme no row holds any more only widens a query by nothing.
CREATE FUNCTION "search_words_learn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search)) w
    WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[^[:alpha:]]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update learns only when it changed the searchable text: most updates (a status, a stock
-- flag, an avatar) never reach the function.
CREATE FUNCTION "search_words_learn_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM unnest(tsvector_to_array(NEW.search)) w
    WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[^[:alpha:]]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_search_words_ins" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_learn"();--> statement-breakpoint
CREATE TRIGGER "users_search_words_upd" AFTER UPDATE ON "users" FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION "search_words_learn_row"();--> statement-breakpoint
CREATE TRIGGER "articles_search_words_ins" AFTER INSERT ON "articles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_learn"();--> statement-breakpoint
CREATE TRIGGER "articles_search_words_upd" AFTER UPDATE ON "articles" FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION "search_words_learn_row"();--> statement-breakpoint
CREATE TRIGGER "news_search_words_ins" AFTER INSERT ON "news" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_learn"();--> statement-breakpoint
CREATE TRIGGER "news_search_words_upd" AFTER UPDATE ON "news" FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION "search_words_learn_row"();--> statement-breakpoint
CREATE TRIGGER "trainings_search_words_ins" AFTER INSERT ON "trainings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_learn"();--> statement-breakpoint
CREATE TRIGGER "trainings_search_words_upd" AFTER UPDATE ON "trainings" FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION "search_words_learn_row"();--> statement-breakpoint
CREATE TRIGGER "claims_search_words_ins" AFTER INSERT ON "claims" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_learn"();--> statement-breakpoint
CREATE TRIGGER "claims_search_words_upd" AFTER UPDATE ON "claims" FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION "search_words_learn_row"();--> statement-breakpoint
CREATE TRIGGER "tasks_search_words_ins" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_learn"();--> statement-breakpoint
CREATE TRIGGER "tasks_search_words_upd" AFTER UPDATE ON "tasks" FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION "search_words_learn_row"();--> statement-breakpoint
CREATE TRIGGER "library_documents_search_words_ins" AFTER INSERT ON "library_documents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_words_learn"();--> statement-breakpoint
CREATE TRIGGER "library_documents_search_words_upd" AFTER UPDATE ON "library_documents" FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION "search_words_learn_row"();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM (
    SELECT search FROM users UNION ALL SELECT search FROM articles UNION ALL SELECT search FROM news UNION ALL SELECT search FROM trainings
    UNION ALL SELECT search FROM claims UNION ALL SELECT search FROM tasks UNION ALL SELECT search FROM library_documents) s, unnest(tsvector_to_array(s.search)) w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[^[:alpha:]]'
ON CONFLICT DO NOTHING;
