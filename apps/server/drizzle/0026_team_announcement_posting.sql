-- Who may post a team's announcements (issue 41): 'EVERYONE' (every member, as the spec lets
-- them; the default, so every existing team keeps its behaviour) or 'LEADER' (the team leader
-- only). The leader chooses it in the team's settings.
ALTER TABLE "teams" ADD COLUMN "announcement_posting" text DEFAULT 'EVERYONE' NOT NULL;
