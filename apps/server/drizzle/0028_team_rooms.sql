-- The team a group chat room belongs to (issue 41): the room every team gets when it is made
-- follows the team's membership (joining the team joins the room, leaving it leaves the room)
-- and its name. One room a team. Deleting the team keeps the room as a plain group room.
-- Rooms made for teams before this migration stay unlinked: nothing in them says which team
-- they were made for (a same-named group room may be anyone's).
ALTER TABLE "chat_rooms" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_team_idx" ON "chat_rooms" USING btree ("team_id") WHERE team_id IS NOT NULL;
