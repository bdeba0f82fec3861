ALTER TABLE "chat_room_members" ADD COLUMN "notify_level" text;
