-- Search (decision 0020): substring matching on the text without its spaces, made fast by
-- trigram GIN indexes on exactly the expressions the search sources query. pg_trgm ships with
-- PostgreSQL (trusted since 13: the database owner may create it) and with PGlite (loaded by
-- db/pglite-worker.mjs). Declared here only: drizzle-kit does not model functions or opclasses.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Not inlined (the SET clause) and costly (COST): inlined, the planner priced regexp_replace at
-- one operator and scanned 50,000 rows (0.7 s on PGlite) rather than use the index (7-17 ms).
CREATE OR REPLACE FUNCTION search_compact(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT COST 1000 SET search_path = pg_catalog
  AS $$ SELECT regexp_replace(value, '\s+', '', 'g') $$;
--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin (search_compact("content") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "announcements_search_idx" ON "announcements" USING gin (search_compact("title" || ' ' || "content") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin (search_compact("title" || ' ' || "content") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "post_comments_search_idx" ON "post_comments" USING gin (search_compact("content") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "kanban_tasks_search_idx" ON "kanban_tasks" USING gin (search_compact("subject" || ' ' || coalesce("content", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "kanban_task_comments_search_idx" ON "kanban_task_comments" USING gin (search_compact("content") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "schedules_search_idx" ON "schedules" USING gin (search_compact("title" || ' ' || coalesce("description", '')) gin_trgm_ops);
