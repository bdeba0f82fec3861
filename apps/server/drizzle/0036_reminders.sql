-- Reminders (issue 44): which task reminders a member wants (24 h / 1 h before a deadline, both by
-- default) beside their delivery settings, and the minutes before its start each event reminds at.
ALTER TABLE "notification_delivery" ADD COLUMN "remind_task_24h" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD COLUMN "remind_task_1h" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "reminders" integer[] DEFAULT '{}'::integer[] NOT NULL;
