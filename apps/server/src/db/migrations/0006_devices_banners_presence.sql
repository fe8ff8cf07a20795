CREATE TABLE "device_accounts" (
	"device_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_accounts_device_id_user_id_pk" PRIMARY KEY("device_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "banners" DROP CONSTRAINT "banners_image_id_images_id_fk";
--> statement-breakpoint
ALTER TABLE "banners" ALTER COLUMN "image_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "device_accounts" ADD CONSTRAINT "device_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_accounts_user_idx" ON "device_accounts" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "votes_device_time_idx" ON "votes" USING btree ("device_id","created_at") WHERE "votes"."device_id" is not null;--> statement-breakpoint
DROP INDEX "sessions_user_idx";--> statement-breakpoint
CREATE INDEX "sessions_user_activity_idx" ON "sessions" USING btree ("user_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "device_accounts_last_seen_idx" ON "device_accounts" USING btree ("last_seen_at");--> statement-breakpoint
DROP FUNCTION IF EXISTS cast_vote(uuid, uuid, text, text, text, text, timestamptz, timestamptz, integer, integer, smallint);--> statement-breakpoint
-- The vote transaction of migration 0005, now also recording the browser's device id (X-Device-Id).
CREATE FUNCTION cast_vote(
  p_user uuid,
  p_song uuid,
  p_ip text,
  p_ip_prefix text,
  p_device text,
  p_device_signature text,
  p_device_id text,
  p_at timestamptz,
  p_window_start timestamptz,
  p_per_category integer,
  p_per_song integer,
  p_shard smallint
) RETURNS TABLE (
  status text,
  vote_id bigint,
  category_id uuid,
  category_name text,
  votes_in_window integer,
  oldest_in_window timestamptz,
  oldest_for_song timestamptz
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  v_category uuid;
  v_name text;
  v_in_category integer;
  v_for_song integer;
  v_oldest timestamptz;
  v_oldest_song timestamptz;
  v_vote bigint;
BEGIN
  SELECT s.category_id, c.name INTO v_category, v_name
  FROM songs s JOIN categories c ON c.id = s.category_id
  WHERE s.id = p_song AND s.status = 'approved';
  IF v_category IS NULL THEN
    RETURN QUERY SELECT 'song-not-found'::text, NULL::bigint, NULL::uuid, NULL::text, 0, NULL::timestamptz, NULL::timestamptz;
    RETURN;
  END IF;

  -- The lock: parallel votes of one fan in one category queue here, on every server instance.
  INSERT INTO vote_quotas AS q (user_id, category_id) VALUES (p_user, v_category)
  ON CONFLICT (user_id, category_id) DO UPDATE SET votes_cast = q.votes_cast;

  -- Every vote in the window counts against the quota, whatever fraud review later decides about it.
  SELECT count(*)::integer,
         (count(*) FILTER (WHERE v.song_id = p_song))::integer,
         min(v.created_at),
         min(v.created_at) FILTER (WHERE v.song_id = p_song)
  INTO v_in_category, v_for_song, v_oldest, v_oldest_song
  FROM votes v
  WHERE v.user_id = p_user AND v.category_id = v_category AND v.created_at > p_window_start;

  IF v_in_category >= p_per_category THEN
    RETURN QUERY SELECT 'category-quota-used'::text, NULL::bigint, v_category, v_name, v_in_category, v_oldest, v_oldest_song;
    RETURN;
  END IF;
  IF v_for_song >= p_per_song THEN
    RETURN QUERY SELECT 'song-quota-used'::text, NULL::bigint, v_category, v_name, v_in_category, v_oldest, v_oldest_song;
    RETURN;
  END IF;

  INSERT INTO votes (user_id, song_id, category_id, ip, ip_prefix, device_type, device_signature, device_id, created_at)
  VALUES (p_user, p_song, v_category, p_ip, p_ip_prefix, p_device, p_device_signature, p_device_id, p_at)
  RETURNING id INTO v_vote;
  -- One of the song's tally shards, so a burst on one song spreads over several row locks.
  INSERT INTO song_vote_tallies AS t (song_id, shard, votes) VALUES (p_song, p_shard, 1)
  ON CONFLICT (song_id, shard) DO UPDATE SET votes = t.votes + 1;
  UPDATE vote_quotas SET votes_cast = votes_cast + 1, last_vote_at = p_at
  WHERE user_id = p_user AND vote_quotas.category_id = v_category;

  RETURN QUERY SELECT 'accepted'::text, v_vote, v_category, v_name, v_in_category + 1, coalesce(v_oldest, p_at), v_oldest_song;
END
$$;
