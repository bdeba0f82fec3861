-- Class mode (issue 45): a workspace can be a class; cards keep when completion was asked and when
-- they were approved; a meeting channel may belong to a team; meetings as sessions with their
-- attendance and notes; what instructors and TAs read; peer evaluation; nudges.
ALTER TABLE "workspaces" ADD COLUMN "is_class" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban_tasks" ADD COLUMN "completion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kanban_tasks" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "kanban_tasks" SET "approved_at" = "updated_at" WHERE "is_approved";--> statement-breakpoint
UPDATE "kanban_tasks" SET "completion_requested_at" = "updated_at" WHERE "completion_requested" OR "is_approved";--> statement-breakpoint
ALTER TABLE "video_channels" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "video_channels" ADD CONSTRAINT "video_channels_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "meeting_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meeting_attendance" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meeting_notes" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_note_cards" (
	"session_id" integer NOT NULL,
	"line_key" text NOT NULL,
	"task_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_note_cards_session_id_line_key_pk" PRIMARY KEY("session_id","line_key")
);
--> statement-breakpoint
CREATE TABLE "team_read_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_read_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	"area" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_rounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"criteria" jsonb NOT NULL,
	"include_self" boolean DEFAULT false NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_responses" (
	"round_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"rater_id" integer NOT NULL,
	"ratee_id" integer NOT NULL,
	"scores" smallint[] NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_responses_round_id_team_id_rater_id_ratee_id_pk" PRIMARY KEY("round_id","team_id","rater_id","ratee_id")
);
--> statement-breakpoint
CREATE TABLE "class_nudges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_nudges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"sender_id" integer,
	"team_id" integer NOT NULL,
	"user_id" integer,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_sessions" ADD CONSTRAINT "meeting_sessions_channel_id_video_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."video_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_notes" ADD CONSTRAINT "meeting_notes_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_notes" ADD CONSTRAINT "meeting_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_note_cards" ADD CONSTRAINT "meeting_note_cards_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_note_cards" ADD CONSTRAINT "meeting_note_cards_task_id_kanban_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."kanban_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_note_cards" ADD CONSTRAINT "meeting_note_cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_read_log" ADD CONSTRAINT "team_read_log_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_read_log" ADD CONSTRAINT "team_read_log_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_read_log" ADD CONSTRAINT "team_read_log_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_rounds" ADD CONSTRAINT "evaluation_rounds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_rounds" ADD CONSTRAINT "evaluation_rounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_responses" ADD CONSTRAINT "evaluation_responses_round_id_evaluation_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."evaluation_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_responses" ADD CONSTRAINT "evaluation_responses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_responses" ADD CONSTRAINT "evaluation_responses_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_responses" ADD CONSTRAINT "evaluation_responses_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_nudges" ADD CONSTRAINT "class_nudges_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_nudges" ADD CONSTRAINT "class_nudges_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_nudges" ADD CONSTRAINT "class_nudges_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_nudges" ADD CONSTRAINT "class_nudges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_sessions_channel_idx" ON "meeting_sessions" USING btree ("channel_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_sessions_open_key" ON "meeting_sessions" USING btree ("channel_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "meeting_attendance_session_idx" ON "meeting_attendance" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE INDEX "meeting_attendance_user_idx" ON "meeting_attendance" USING btree ("user_id","joined_at");--> statement-breakpoint
CREATE INDEX "team_read_log_team_idx" ON "team_read_log" USING btree ("team_id","read_at");--> statement-breakpoint
CREATE INDEX "evaluation_rounds_workspace_idx" ON "evaluation_rounds" USING btree ("workspace_id","opens_at");--> statement-breakpoint
CREATE INDEX "evaluation_responses_team_idx" ON "evaluation_responses" USING btree ("round_id","team_id");--> statement-breakpoint
CREATE INDEX "class_nudges_team_idx" ON "class_nudges" USING btree ("team_id","created_at");
--> statement-breakpoint
-- Everything a member did in a team, one row each, for class mode's contribution evidence and the
-- instructor's overview alike (one definition of "activity"). A filter on team_id reaches every
-- branch's own index (the planner pushes it into each part of the UNION ALL).
CREATE VIEW "team_activity" AS
  SELECT 'ANNOUNCEMENT'::text AS kind, a.team_id, a.author_id AS user_id, a.id AS item_id, a.created_at AS at
    FROM announcements a
  UNION ALL
  SELECT 'POST', b.team_id, p.author_id, p.id, p.created_at
    FROM posts p JOIN boards b ON b.id = p.board_id
  UNION ALL
  SELECT 'COMMENT', b.team_id, c.author_id, c.id, c.created_at
    FROM post_comments c JOIN posts p ON p.id = c.post_id JOIN boards b ON b.id = p.board_id
  UNION ALL
  SELECT 'TASK_COMMENT', k.team_id, c.author_id, c.id, c.created_at
    FROM kanban_task_comments c JOIN kanban_tasks t ON t.id = c.task_id
    JOIN kanban_lists l ON l.id = t.list_id JOIN kanbans k ON k.id = l.kanban_id
  UNION ALL
  SELECT 'COMPLETION_REQUEST', k.team_id, t.completion_requester_id, t.id, t.completion_requested_at
    FROM kanban_tasks t JOIN kanban_lists l ON l.id = t.list_id JOIN kanbans k ON k.id = l.kanban_id
    WHERE t.completion_requested_at IS NOT NULL AND t.completion_requester_id IS NOT NULL
  UNION ALL
  SELECT 'FILE', b.team_id, f.uploader_id, f.id, f.created_at
    FROM attachments f JOIN posts p ON p.id = f.post_id JOIN boards b ON b.id = p.board_id
  UNION ALL
  SELECT 'CHAT_FILE', r.team_id, m.sender_id, f.id, m.created_at
    FROM chat_attachments f JOIN chat_messages m ON m.id = f.message_id JOIN chat_rooms r ON r.id = m.room_id
    WHERE r.team_id IS NOT NULL AND m.sender_id IS NOT NULL AND m.deleted_at IS NULL
  UNION ALL
  SELECT 'MESSAGE', r.team_id, m.sender_id, m.id, m.created_at
    FROM chat_messages m JOIN chat_rooms r ON r.id = m.room_id
    WHERE r.team_id IS NOT NULL AND m.sender_id IS NOT NULL AND m.deleted_at IS NULL
  UNION ALL
  SELECT 'MEETING', v.team_id, ma.user_id, ma.id, ma.joined_at
    FROM meeting_attendance ma JOIN meeting_sessions s ON s.id = ma.session_id
    JOIN video_channels v ON v.id = s.channel_id
    WHERE v.team_id IS NOT NULL;
