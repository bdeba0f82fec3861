-- How notifications reach a member who is away (issue 43): the digest mail's frequency and quiet
-- hours (방해금지) in the member's time zone. No row means the defaults (a digest after 15
-- minutes away, quiet hours off at 23:00-08:00, Asia/Seoul: contracts delivery.ts), so existing
-- accounts need no backfill. digest_sent_at: up to when (the newest notice's time) the last digest
-- mail told what was waiting, so the next one tells only what came since.
CREATE TABLE "notification_delivery" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"digest" text NOT NULL,
	"quiet_enabled" boolean NOT NULL,
	"quiet_start" text NOT NULL,
	"quiet_end" text NOT NULL,
	"quiet_allow_mentions" boolean NOT NULL,
	"time_zone" text NOT NULL,
	"digest_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
