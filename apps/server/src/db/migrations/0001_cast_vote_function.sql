-- One vote, one round trip: the whole vote transaction as a function, so the server sends one statement
-- instead of five (see docs/architecture.md, "Votes"). VOLATILE: under READ COMMITTED every statement
-- inside takes a fresh snapshot, so the count that follows the quota-row lock sees every vote committed
-- before the lock was granted. Nothing is written unless the quota allows the vote.
CREATE OR REPLACE FUNCTION cast_vote(
  p_user uuid,
  p_song uuid,
  p_ip text,
  p_device text,
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

  SELECT count(*)::integer,
         (count(*) FILTER (WHERE v.song_id = p_song))::integer,
         min(v.created_at),
         min(v.created_at) FILTER (WHERE v.song_id = p_song)
  INTO v_in_category, v_for_song, v_oldest, v_oldest_song
  FROM votes v
  WHERE v.user_id = p_user AND v.category_id = v_category AND v.is_valid AND v.created_at > p_window_start;

  IF v_in_category >= p_per_category THEN
    RETURN QUERY SELECT 'category-quota-used'::text, NULL::bigint, v_category, v_name, v_in_category, v_oldest, v_oldest_song;
    RETURN;
  END IF;
  IF v_for_song >= p_per_song THEN
    RETURN QUERY SELECT 'song-quota-used'::text, NULL::bigint, v_category, v_name, v_in_category, v_oldest, v_oldest_song;
    RETURN;
  END IF;

  INSERT INTO votes (user_id, song_id, category_id, ip, device_type, created_at)
  VALUES (p_user, p_song, v_category, p_ip, p_device, p_at)
  RETURNING id INTO v_vote;
  -- One of the song's tally shards, so a burst on one song spreads over several row locks.
  INSERT INTO song_vote_tallies AS t (song_id, shard, votes) VALUES (p_song, p_shard, 1)
  ON CONFLICT (song_id, shard) DO UPDATE SET votes = t.votes + 1;
  UPDATE vote_quotas SET votes_cast = votes_cast + 1, last_vote_at = p_at
  WHERE user_id = p_user AND vote_quotas.category_id = v_category;

  RETURN QUERY SELECT 'accepted'::text, v_vote, v_category, v_name, v_in_category + 1, coalesce(v_oldest, p_at), v_oldest_song;
END
$$;
