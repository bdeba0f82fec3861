-- Search: the spaceless text without a regular expression (decision 0020, "search_compact").
-- search_compact was regexp_replace(value, '\s+', '', 'g') in a SQL function with SET search_path:
-- per row on PGlite about 8-11 us for a one-line message and 80 us for a post, most of it the
-- regular expression and the SQL function's own executor, paid for every row the trigram index
-- hands back (the recheck) and for every row of a window. Now PL/pgSQL (not inlined either, so
-- COST 1000 still keeps the planner on the index) removing each whitespace character with
-- pg_catalog.replace: about 4-6 us a message and 24 us a post in the same runs (ad hoc, 50,000
-- rows, load 7). Every call is schema-qualified, so the body does not depend on the caller's
-- search_path (an index expression must not) without the per-call cost of a SET clause.
--
-- The characters removed are those `\s` matched on either engine: the ASCII ones (tab, line
-- feed, vertical tab, form feed, carriage return, space) and U+2000-U+2006, U+2008-U+200A,
-- U+2028, U+2029, U+205F, U+3000 on both; U+1680 (PostgreSQL 15 with glibc's C.UTF-8) and U+0085
-- (PGlite) on one each, now both on both. Not removed, as before: U+00A0, U+2007, U+202F, U+FEFF,
-- U+200B. The list is fixed, so the result no longer depends on the C library's locale data
-- (the regular expression asked it, under an IMMUTABLE function).
--
-- search_bigrams removes the spaces the same way (its loop is unchanged). The indexes on both
-- functions are rebuilt: an index holds what its expression gave when the row was written.
CREATE OR REPLACE FUNCTION search_compact(value text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT COST 1000
  AS $$
BEGIN
  RETURN
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      value,
      ' ', ''),
      E'\t', ''),
      E'\n', ''),
      E'\u000B', ''),
      E'\f', ''),
      E'\r', ''),
      E'\u0085', ''),
      E'\u1680', ''),
      E'\u2000', ''),
      E'\u2001', ''),
      E'\u2002', ''),
      E'\u2003', ''),
      E'\u2004', ''),
      E'\u2005', ''),
      E'\u2006', ''),
      E'\u2008', ''),
      E'\u2009', ''),
      E'\u200A', ''),
      E'\u2028', ''),
      E'\u2029', ''),
      E'\u205F', ''),
      E'\u3000', '');
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_bigrams(value text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT COST 1000 SET search_path = pg_catalog
  AS $$
DECLARE
  chars text[] := string_to_array(lower(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      value,
      ' ', ''),
      E'\t', ''),
      E'\n', ''),
      E'\u000B', ''),
      E'\f', ''),
      E'\r', ''),
      E'\u0085', ''),
      E'\u1680', ''),
      E'\u2000', ''),
      E'\u2001', ''),
      E'\u2002', ''),
      E'\u2003', ''),
      E'\u2004', ''),
      E'\u2005', ''),
      E'\u2006', ''),
      E'\u2008', ''),
      E'\u2009', ''),
      E'\u200A', ''),
      E'\u2028', ''),
      E'\u2029', ''),
      E'\u205F', ''),
      E'\u3000', '')
  ), NULL);
  pairs text[] := '{}';
BEGIN
  FOR i IN 1 .. coalesce(cardinality(chars), 0) - 1 LOOP
    pairs := pairs || (chars[i] || chars[i + 1]);
  END LOOP;
  RETURN pairs;
END
$$;
--> statement-breakpoint
REINDEX INDEX "chat_messages_search_idx";
--> statement-breakpoint
REINDEX INDEX "announcements_search_idx";
--> statement-breakpoint
REINDEX INDEX "posts_search_idx";
--> statement-breakpoint
REINDEX INDEX "post_comments_search_idx";
--> statement-breakpoint
REINDEX INDEX "kanban_tasks_search_idx";
--> statement-breakpoint
REINDEX INDEX "kanban_task_comments_search_idx";
--> statement-breakpoint
REINDEX INDEX "schedules_search_idx";
--> statement-breakpoint
REINDEX INDEX "chat_messages_bigram_idx";
--> statement-breakpoint
REINDEX INDEX "announcements_bigram_idx";
--> statement-breakpoint
REINDEX INDEX "posts_bigram_idx";
--> statement-breakpoint
REINDEX INDEX "post_comments_bigram_idx";
--> statement-breakpoint
REINDEX INDEX "kanban_tasks_bigram_idx";
--> statement-breakpoint
REINDEX INDEX "kanban_task_comments_bigram_idx";
--> statement-breakpoint
REINDEX INDEX "schedules_bigram_idx";
