-- Several files per chat message (decision 0022): one row per file, `position` their order
-- (existing rows, one per message, stay at 0).
ALTER TABLE "chat_attachments" DROP CONSTRAINT "chat_attachments_message_id_unique";--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_attachments_message_position_idx" ON "chat_attachments" USING btree ("message_id","position");