-- Meeting modes (issue 47): a channel runs as a presentation (one broadcaster) or a discussion (everyone publishes, up to a limit).
ALTER TABLE "video_channels" ADD COLUMN "mode" text DEFAULT 'PRESENTATION' NOT NULL;
--> statement-breakpoint
ALTER TABLE "video_channels" ADD CONSTRAINT "video_channels_mode_check" CHECK ("video_channels"."mode" IN ('PRESENTATION', 'DISCUSSION'));
--> statement-breakpoint
ALTER TABLE "video_participants" ADD COLUMN "publishing" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "video_participants" ADD COLUMN "camera" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "video_participants" ADD COLUMN "microphone" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "video_participants" ADD COLUMN "screen" boolean DEFAULT false NOT NULL;
