CREATE TABLE "free_time_slots" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"slots" smallint[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_time_slots_team_id_week_start_user_id_pk" PRIMARY KEY("team_id","week_start","user_id")
);
--> statement-breakpoint
ALTER TABLE "free_time_slots" ADD CONSTRAINT "free_time_slots_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_time_slots" ADD CONSTRAINT "free_time_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
