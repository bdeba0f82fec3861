-- Chat's two search indexes merge their pending list into the index at 256 kB instead of the
-- default 4 MB (issue 18, decision 0029). A GIN index with fastupdate (the default) first
-- appends new entries to a pending list; once the list passes gin_pending_list_limit, the insert
-- that passed it merges the whole list into the index before its statement can commit. On
-- PostgreSQL, autovacuum usually merges the list before that; the embedded database is
-- PostgreSQL in single-user mode, with no autovacuum, so there the send statement that passes
-- the limit always pays for the merge. Measured on PGlite (in process, a 50-member room, 15,000
-- statements of two 8-word Korean messages each): with 4 MB, one statement in about 2,000 took
-- 45-65 ms (the two indexes' merges, one after the other) and held every other query of the
-- database behind it; with 256 kB, none took over 25 ms, and the 15,000 statements took as long
-- in all (22.7 s against 22.6 s). Other tables' search indexes take far fewer writes and keep the
-- default.
ALTER INDEX "chat_messages_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "chat_messages_bigram_idx" SET (gin_pending_list_limit = 256);
