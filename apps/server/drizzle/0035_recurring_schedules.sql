CREATE TABLE "schedule_exdates" (
	"series_id" integer NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	CONSTRAINT "schedule_exdates_series_id_occurrence_start_pk" PRIMARY KEY("series_id","occurrence_start")
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "recurrence_rule" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "recurrence_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "original_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_exdates" ADD CONSTRAINT "schedule_exdates_series_id_schedules_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_series_id_schedules_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedules_team_series_idx" ON "schedules" USING btree ("team_id","starts_at") WHERE "schedules"."recurrence_rule" is not null;--> statement-breakpoint
CREATE INDEX "schedules_series_idx" ON "schedules" USING btree ("series_id");
