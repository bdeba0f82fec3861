-- Search, two-character words (decision 0020, "Two-character words"): a word of two characters
-- (회의, 설계) has no trigram, so the trigram indexes of 0020 cannot narrow it and every row was
-- read. search_bigrams gives the two-character pieces of the text without its spaces, lower-cased
-- as ILIKE compares (both use lower()); a GIN index over the array (array_ops) on the same
-- expressions as 0020's finds the rows holding a given pair: `search_bigrams(x) @> ARRAY[w]`.
-- The search sources keep their ILIKE on the text as it is beside it (the recheck).
--
-- PL/pgSQL, not SQL: on PGlite the loop over an expanded array cost about a quarter of the
-- set-returning SQL form (unnest of the array and its shift, array_agg DISTINCT) per row, and
-- every chat send pays it. A pair that repeats is kept twice: GIN stores each key once per row,
-- and `@>` does not care; removing repeats here cost 1.6-2.9 times as much.
-- Self-contained rather than calling search_compact: with search_path pinned to pg_catalog (an
-- index expression must not depend on the caller's search_path: a restore or autovacuum runs with
-- another), an unqualified search_compact would not be found; the spaces are removed the same way.
-- COST 1000: the planner then prices calling it on every row of a scan and keeps to the index,
-- as for search_compact.
CREATE OR REPLACE FUNCTION search_bigrams(value text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT COST 1000 SET search_path = pg_catalog
  AS $$
DECLARE
  chars text[] := string_to_array(lower(regexp_replace(value, '\s+', '', 'g')), NULL);
  pairs text[] := '{}';
BEGIN
  FOR i IN 1 .. coalesce(cardinality(chars), 0) - 1 LOOP
    pairs := pairs || (chars[i] || chars[i + 1]);
  END LOOP;
  RETURN pairs;
END
$$;
--> statement-breakpoint
CREATE INDEX "chat_messages_bigram_idx" ON "chat_messages" USING gin (search_bigrams("content"));
--> statement-breakpoint
CREATE INDEX "announcements_bigram_idx" ON "announcements" USING gin (search_bigrams("title" || ' ' || "content"));
--> statement-breakpoint
CREATE INDEX "posts_bigram_idx" ON "posts" USING gin (search_bigrams("title" || ' ' || "content"));
--> statement-breakpoint
CREATE INDEX "post_comments_bigram_idx" ON "post_comments" USING gin (search_bigrams("content"));
--> statement-breakpoint
CREATE INDEX "kanban_tasks_bigram_idx" ON "kanban_tasks" USING gin (search_bigrams("subject" || ' ' || coalesce("content", '')));
--> statement-breakpoint
CREATE INDEX "kanban_task_comments_bigram_idx" ON "kanban_task_comments" USING gin (search_bigrams("content"));
--> statement-breakpoint
CREATE INDEX "schedules_bigram_idx" ON "schedules" USING gin (search_bigrams("title" || ' ' || coalesce("description", '')));
