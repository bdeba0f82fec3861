ALTER TABLE "formations" ADD COLUMN "balanced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "traits" jsonb;