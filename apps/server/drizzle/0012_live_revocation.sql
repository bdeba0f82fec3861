ALTER TABLE "sse_tickets" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "sse_tickets" ADD COLUMN "access_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sse_tickets" ADD CONSTRAINT "sse_tickets_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;