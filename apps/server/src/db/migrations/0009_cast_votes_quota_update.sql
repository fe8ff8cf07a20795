-- Group commit, faster (issue 14): cast_votes (migration 0008) updated the batch's quota rows one
-- statement per fan and category, a plpgsql loop of up to a hundred primary-key updates; it now updates
-- them in one statement. Nothing else changes: the same rules, locks in the same order, the same answers.
CREATE OR REPLACE FUNCTION cast_votes(
  p_batch uuid,
  p_users uuid[],
  p_songs uuid[],
  p_ips text[],
  p_ip_prefixes text[],
  p_devices text[],
  p_device_signatures text[],
  p_device_ids text[],
  p_at timestamptz[],
  p_window_starts timestamptz[],
  p_per_category integer[],
  p_per_song integer[],
  p_shard smallint
) RETURNS TABLE (
  ord integer,
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
  n integer := coalesce(cardinality(p_users), 0);
  v_enabled boolean;
  v_start timestamptz;
  v_end timestamptz;
  v_category uuid[];
  v_name text[];
  v_status text[] := array_fill(NULL::text, ARRAY[n]);
  v_in_category integer[];
  v_for_song integer[];
  v_oldest timestamptz[];
  v_oldest_song timestamptz[];
  v_count integer[] := array_fill(0, ARRAY[n]);
  v_vote bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_order integer[];
  v_ids bigint[];
  v_accepted integer := 0;
  -- The fan and category being decided, and what the batch has accepted for them so far.
  g_user uuid;
  g_category uuid;
  g_count integer;
  g_first timestamptz;
  g_songs uuid[];
  g_song_at timestamptz[];
  i integer;
  k integer;
  in_category integer;
  for_song integer;
  first_for_song timestamptz;
BEGIN
  IF n = 0 THEN
    RETURN;
  END IF;

  SELECT s.is_enabled, s.start_date, s.end_date INTO v_enabled, v_start, v_end
  FROM voting_settings s WHERE s.id = 1;
  FOR i IN 1..n LOOP
    IF NOT coalesce(v_enabled, false) THEN
      v_status[i] := 'voting-disabled';
    ELSIF v_start IS NOT NULL AND p_at[i] < v_start THEN
      v_status[i] := 'voting-not-started';
    ELSIF v_end IS NOT NULL AND p_at[i] > v_end THEN
      v_status[i] := 'voting-ended';
    END IF;
  END LOOP;

  -- Statements over the batch's arrays are planned for any size and any table statistics: a LATERAL
  -- subquery kept apart (OFFSET 0) makes every lookup an index probe by key, whatever the planner guesses.
  SELECT array_agg(f.id ORDER BY x.o), array_agg(f.name ORDER BY x.o) INTO v_category, v_name
  FROM unnest(p_songs) WITH ORDINALITY AS x(song, o)
  LEFT JOIN LATERAL (
    SELECT c.id, c.name FROM songs s JOIN categories c ON c.id = s.category_id
    WHERE s.id = x.song AND s.status = 'approved'
    OFFSET 0
  ) f ON true;
  FOR i IN 1..n LOOP
    IF v_status[i] IS NULL AND v_category[i] IS NULL THEN
      v_status[i] := 'song-not-found';
    END IF;
  END LOOP;

  -- The locks, in one order for every batch.
  INSERT INTO vote_quotas AS q (user_id, category_id)
  SELECT DISTINCT x.u, x.c
  FROM unnest(p_users, v_category, v_status) AS x(u, c, st)
  WHERE x.st IS NULL
  ORDER BY x.u, x.c
  ON CONFLICT (user_id, category_id) DO UPDATE SET votes_cast = q.votes_cast;

  -- A new statement, so a new snapshot: it sees every vote committed before the locks were granted.
  SELECT array_agg(coalesce(e.in_category, 0) ORDER BY x.o),
         array_agg(coalesce(e.for_song, 0) ORDER BY x.o),
         array_agg(e.oldest ORDER BY x.o),
         array_agg(e.oldest_song ORDER BY x.o)
  INTO v_in_category, v_for_song, v_oldest, v_oldest_song
  FROM unnest(p_users, p_songs, v_category, p_window_starts, v_status) WITH ORDINALITY AS x(u, song, c, w, st, o)
  LEFT JOIN LATERAL (
    SELECT count(*)::integer AS in_category,
           (count(*) FILTER (WHERE v.song_id = x.song))::integer AS for_song,
           min(v.created_at) AS oldest,
           min(v.created_at) FILTER (WHERE v.song_id = x.song) AS oldest_song
    FROM votes v
    WHERE x.st IS NULL AND v.user_id = x.u AND v.category_id = x.c AND v.created_at > x.w
  ) e ON true;

  -- Decide each open vote in arrival order within its fan and category.
  SELECT array_agg(x.o::integer ORDER BY x.u, x.c, x.o) INTO v_order
  FROM unnest(p_users, v_category, v_status) WITH ORDINALITY AS x(u, c, st, o)
  WHERE x.st IS NULL;
  FOREACH i IN ARRAY coalesce(v_order, '{}'::integer[]) LOOP
    IF g_user IS DISTINCT FROM p_users[i] OR g_category IS DISTINCT FROM v_category[i] THEN
      g_user := p_users[i];
      g_category := v_category[i];
      g_count := 0;
      g_first := NULL;
      g_songs := '{}';
      g_song_at := '{}';
    END IF;
    in_category := v_in_category[i] + g_count;
    k := array_position(g_songs, p_songs[i]);
    for_song := v_for_song[i] + coalesce(cardinality(array_positions(g_songs, p_songs[i])), 0);
    first_for_song := coalesce(v_oldest_song[i], CASE WHEN k IS NULL THEN NULL ELSE g_song_at[k] END);
    v_oldest[i] := coalesce(v_oldest[i], g_first);
    v_oldest_song[i] := first_for_song;
    IF in_category >= p_per_category[i] THEN
      v_status[i] := 'category-quota-used';
      v_count[i] := in_category;
    ELSIF for_song >= p_per_song[i] THEN
      v_status[i] := 'song-quota-used';
      v_count[i] := in_category;
    ELSE
      v_status[i] := 'accepted';
      v_count[i] := in_category + 1;
      v_oldest[i] := coalesce(v_oldest[i], p_at[i]);
      g_count := g_count + 1;
      g_first := coalesce(g_first, p_at[i]);
      g_songs := g_songs || p_songs[i];
      g_song_at := g_song_at || p_at[i];
      v_accepted := v_accepted + 1;
    END IF;
  END LOOP;

  IF v_accepted > 0 THEN
    -- Ids drawn first, in arrival order, so each vote knows its own.
    SELECT array_agg(nextval('votes_id_seq')) INTO v_ids FROM generate_series(1, v_accepted);
    k := 0;
    FOR i IN 1..n LOOP
      IF v_status[i] = 'accepted' THEN
        k := k + 1;
        v_vote[i] := v_ids[k];
      END IF;
    END LOOP;

    INSERT INTO votes (id, user_id, song_id, category_id, ip, ip_prefix, device_type, device_signature, device_id, created_at)
    SELECT x.id, x.u, x.song, x.c, x.ip, x.prefix, x.device, x.signature, x.device_id, x.at
    FROM unnest(v_vote, p_users, p_songs, v_category, p_ips, p_ip_prefixes, p_devices, p_device_signatures, p_device_ids, p_at)
      AS x(id, u, song, c, ip, prefix, device, signature, device_id, at)
    WHERE x.id IS NOT NULL;

    INSERT INTO song_vote_tallies AS t (song_id, shard, votes)
    SELECT x.song, p_shard, count(*)::integer
    FROM unnest(p_songs, v_vote) AS x(song, id)
    WHERE x.id IS NOT NULL
    GROUP BY x.song
    ORDER BY x.song
    ON CONFLICT (song_id, shard) DO UPDATE SET votes = t.votes + excluded.votes;

    -- One statement for the batch's quota rows (rows it already holds), each found by its primary key.
    UPDATE vote_quotas AS q SET votes_cast = q.votes_cast + x.n, last_vote_at = x.latest
    FROM (
      SELECT y.u, y.c, count(*)::integer AS n, max(y.at) AS latest
      FROM unnest(p_users, v_category, p_at, v_vote) AS y(u, c, at, id)
      WHERE y.id IS NOT NULL
      GROUP BY y.u, y.c
    ) AS x
    WHERE q.user_id = x.u AND q.category_id = x.c;
  END IF;

  -- The batch's witness, with every vote's answer: committed with the votes or not at all. Written last, so
  -- a server that lost its connection and fenced the batch's id first (see castVoteBatch) makes this
  -- insert fail, and the whole batch with it.
  INSERT INTO vote_batches (id, statuses, vote_ids, votes_in_window, oldest_in_window, oldest_for_song)
  VALUES (p_batch, v_status, v_vote, v_count, v_oldest, v_oldest_song);

  RETURN QUERY
  SELECT o::integer, v_status[o], v_vote[o], v_category[o], v_name[o], v_count[o], v_oldest[o], v_oldest_song[o]
  FROM generate_series(1, n) AS o;
END
$$;
