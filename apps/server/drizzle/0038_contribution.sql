-- Contribution evidence (issue 45): a team's meeting channels are found by the team (the
-- team_activity view's MEETING part and the attendance numbers filter video_channels by team_id;
-- without this index that is a scan of every channel of every workspace).
CREATE INDEX "video_channels_team_idx" ON "video_channels" USING btree ("team_id") WHERE team_id IS NOT NULL;
