-- Every team has its kanban board from the start (the kanban module makes it with the team), so
-- reading a board never writes. Teams made before got theirs on the first read: make the rest now.
INSERT INTO "kanbans" ("team_id")
SELECT "t"."id" FROM "teams" "t"
WHERE NOT EXISTS (SELECT 1 FROM "kanbans" "k" WHERE "k"."team_id" = "t"."id");
