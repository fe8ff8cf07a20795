CREATE TABLE "ad_viewer_months_anonymised" (
	"month" timestamp with time zone PRIMARY KEY NOT NULL,
	"anonymised_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails_sent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_archive" (
	"song_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"status" "vote_status" NOT NULL,
	"review_id" bigint DEFAULT 0 NOT NULL,
	"votes" bigint NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_archive_song_id_category_id_status_review_id_pk" PRIMARY KEY("song_id","category_id","status","review_id")
);
--> statement-breakpoint
ALTER TABLE "mails_sent" ADD CONSTRAINT "mails_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_sent_user_idx" ON "mails_sent" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "mails_sent_time_idx" ON "mails_sent" USING btree ("sent_at");