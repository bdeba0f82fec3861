-- Due-time jobs (issue 43, decision 0042): one row per job, claimed by the instances' runners
-- with FOR UPDATE SKIP LOCKED. The key is the scheduling module's own name for the job, unique,
-- so scheduling again moves it. Finished rows stay for the catch-up window (status, done_at).
CREATE TABLE "scheduled_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scheduled_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_jobs_status_check" CHECK ("status" IN ('pending', 'done', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_jobs_key_key" ON "scheduled_jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "scheduled_jobs_due_idx" ON "scheduled_jobs" USING btree ("due_at") WHERE status = 'pending';
