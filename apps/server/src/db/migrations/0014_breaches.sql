CREATE TABLE "breaches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"summary" text NOT NULL,
	"affected" text NOT NULL,
	"recorded_by" uuid,
	"notified_at" timestamp with time zone,
	"notification" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "breaches" ADD CONSTRAINT "breaches_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breaches_found_idx" ON "breaches" USING btree ("found_at");