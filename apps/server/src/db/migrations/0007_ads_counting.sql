ALTER TABLE "ad_events" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "ad_events" CASCADE;--> statement-breakpoint
ALTER TABLE "ads" ALTER COLUMN "start_date" SET DATA TYPE date;--> statement-breakpoint
ALTER TABLE "ads" ALTER COLUMN "start_date" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "ads" ALTER COLUMN "end_date" SET DATA TYPE date;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_weight_range" CHECK ("ads"."weight" between 1 and 10);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_caps_not_negative" CHECK ("ads"."max_daily_impressions" >= 0 and "ads"."max_total_impressions" >= 0);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_end_after_start" CHECK ("ads"."end_date" is null or "ads"."end_date" >= "ads"."start_date");--> statement-breakpoint
DROP TYPE "public"."ad_event_kind";--> statement-breakpoint
CREATE TABLE "ad_hour_stats" (
	"hour" timestamp with time zone NOT NULL,
	"ad_id" uuid NOT NULL,
	"location" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"unique_viewers" integer DEFAULT 0 NOT NULL,
	"filtered_impressions" integer DEFAULT 0 NOT NULL,
	"filtered_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_hour_stats_hour_ad_id_location_pk" PRIMARY KEY("hour","ad_id","location")
);
--> statement-breakpoint
CREATE TABLE "ad_minute_stats" (
	"minute" timestamp with time zone NOT NULL,
	"ad_id" uuid NOT NULL,
	"location" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"unique_viewers" integer DEFAULT 0 NOT NULL,
	"filtered_impressions" integer DEFAULT 0 NOT NULL,
	"filtered_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_minute_stats_minute_ad_id_location_pk" PRIMARY KEY("minute","ad_id","location")
);
--> statement-breakpoint
CREATE TABLE "ad_viewer_hours" (
	"hour" timestamp with time zone NOT NULL,
	"viewer" bigint NOT NULL,
	CONSTRAINT "ad_viewer_hours_hour_viewer_pk" PRIMARY KEY("hour","viewer")
);
--> statement-breakpoint
ALTER TABLE "ad_hour_stats" ADD CONSTRAINT "ad_hour_stats_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_minute_stats" ADD CONSTRAINT "ad_minute_stats_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_hour_stats_ad_idx" ON "ad_hour_stats" USING btree ("ad_id","hour");--> statement-breakpoint
CREATE INDEX "ad_minute_stats_ad_idx" ON "ad_minute_stats" USING btree ("ad_id","minute");