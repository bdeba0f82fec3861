CREATE TABLE "formation_votes" (
	"formation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ranking" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "formation_votes_formation_id_user_id_pk" PRIMARY KEY("formation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "formations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "formations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" integer NOT NULL,
	"created_by" integer,
	"method" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"participant_ids" integer[] NOT NULL,
	"team_names" text[] NOT NULL,
	"capacities" integer[],
	"deadline" timestamp with time zone,
	"seed_hash" text NOT NULL,
	"seed" text NOT NULL,
	"seed_revealed" boolean DEFAULT false NOT NULL,
	"result" integer[],
	"created_team_ids" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "formation_votes" ADD CONSTRAINT "formation_votes_formation_id_formations_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."formations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formation_votes" ADD CONSTRAINT "formation_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formations" ADD CONSTRAINT "formations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formations" ADD CONSTRAINT "formations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "formations_workspace_idx" ON "formations" USING btree ("workspace_id","created_at");