CREATE TYPE "public"."vote_review_status" AS ENUM('open', 'invalidated', 'restored');--> statement-breakpoint
CREATE TYPE "public"."vote_status" AS ENUM('valid', 'quarantined', 'invalid');--> statement-breakpoint
CREATE TABLE "vote_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"status" "vote_review_status" DEFAULT 'open' NOT NULL,
	"source" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vote_count" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "ip_prefix" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "device_signature" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "status" "vote_status" DEFAULT 'valid' NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "review_id" bigint;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "status_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "vote_reviews" ADD CONSTRAINT "vote_reviews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_reviews" ADD CONSTRAINT "vote_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "votes_set_aside_idx" ON "votes" USING btree ("song_id","status") WHERE "votes"."status" <> 'valid';--> statement-breakpoint
CREATE INDEX "votes_review_idx" ON "votes" USING btree ("review_id") WHERE "votes"."review_id" is not null;--> statement-breakpoint
CREATE INDEX "votes_prefix_time_idx" ON "votes" USING btree ("ip_prefix","created_at");--> statement-breakpoint
-- Votes fraud review had voided keep their verdict under the new states.
UPDATE "votes" SET "status" = 'invalid' WHERE NOT "is_valid";--> statement-breakpoint
ALTER TABLE "votes" DROP COLUMN "is_valid";--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email_verified";--> statement-breakpoint
DROP FUNCTION IF EXISTS cast_vote(uuid, uuid, text, text, timestamptz, timestamptz, integer, integer, smallint);--> statement-breakpoint
-- The vote transaction of migration 0001, now recording the network prefix and device signature, and
-- counting the fan's quota over votes of every state: a vote set aside by fraud review still used it.
CREATE FUNCTION cast_vote(
  p_user uuid,
  p_song uuid,
  p_ip text,
  p_ip_prefix text,
  p_device text,
  p_device_signature text,
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

  INSERT INTO votes (user_id, song_id, category_id, ip, ip_prefix, device_type, device_signature, created_at)
  VALUES (p_user, p_song, v_category, p_ip, p_ip_prefix, p_device, p_device_signature, p_at)
  RETURNING id INTO v_vote;
  -- One of the song's tally shards, so a burst on one song spreads over several row locks.
  INSERT INTO song_vote_tallies AS t (song_id, shard, votes) VALUES (p_song, p_shard, 1)
  ON CONFLICT (song_id, shard) DO UPDATE SET votes = t.votes + 1;
  UPDATE vote_quotas SET votes_cast = votes_cast + 1, last_vote_at = p_at
  WHERE user_id = p_user AND vote_quotas.category_id = v_category;

  RETURN QUERY SELECT 'accepted'::text, v_vote, v_category, v_name, v_in_category + 1, coalesce(v_oldest, p_at), v_oldest_song;
END
$$;
