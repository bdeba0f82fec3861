ALTER TABLE "formations" ADD COLUMN "remind_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kanban_lists" ADD COLUMN "is_done" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing boards: the first list named '완료' (the starter done list) becomes the done list.
UPDATE "kanban_lists" SET "is_done" = true WHERE "id" IN (
  SELECT DISTINCT ON ("kanban_id") "id" FROM "kanban_lists"
  WHERE "name" = '완료'
  ORDER BY "kanban_id", "position" COLLATE "C", "id"
);--> statement-breakpoint
-- Open votes with a deadline still ahead get their reminder: an hour before, or halfway for short votes.
UPDATE "formations" SET "remind_at" = "deadline" - LEAST(interval '1 hour', ("deadline" - "created_at") / 2)
WHERE "method" = 'VOTE' AND "status" = 'OPEN' AND "deadline" > now();--> statement-breakpoint
CREATE INDEX "formations_open_deadline_idx" ON "formations" USING btree ("deadline") WHERE status = 'OPEN' AND deadline IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "kanban_lists_done_idx" ON "kanban_lists" USING btree ("kanban_id") WHERE is_done;
