-- The vote transaction of apps/server/src/features/voting/cast-vote-repository.ts, for pgbench:
-- lock the fan's quota row for the category, count the fan's votes in the last 24 hours, and only
-- under the quota insert the vote and add 1 to a random one of the song's 16 tally shards.
\set u random(:first_fan, :last_fan)
\set s random(1, :songs)
\set r random(1, 100)
\if :r <= :hot_percent
\set pick random(1, 3)
\if :pick = 1
\set s :hot1
\elif :pick = 2
\set s :hot2
\else
\set s :hot3
\endif
\endif
\set shard random(0, 15)
select id as uid from bench_users where n = :u \gset
select id as sid, category_id as cid from bench_songs where n = :s \gset
begin;
insert into vote_quotas (user_id, category_id) values (:uid::uuid, :cid::uuid) on conflict (user_id, category_id) do update set votes_cast = vote_quotas.votes_cast;
select count(*) as used from votes where user_id = :uid::uuid and category_id = :cid::uuid and is_valid and created_at > now() - interval '24 hours' \gset
\if :used < 1
with vote as (insert into votes (user_id, song_id, category_id, ip, device_type, created_at) values (:uid::uuid, :sid::uuid, :cid::uuid, '127.0.0.1', 'desktop', now()) returning id), tally as (insert into song_vote_tallies (song_id, shard, votes) values (:sid::uuid, :shard, 1) on conflict (song_id, shard) do update set votes = song_vote_tallies.votes + 1), quota as (update vote_quotas set votes_cast = votes_cast + 1, last_vote_at = now() where user_id = :uid::uuid and category_id = :cid::uuid) select id from vote;
\endif
commit;
