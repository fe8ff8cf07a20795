-- One vote per transaction, for pgbench: the single-vote cast_vote function (migration 0006; no device
-- id), with the default quota (1 vote per category per 24 hours) and a random tally shard. This is the
-- ceiling the server's votes are compared with.
-- Each transaction takes the next fan of its client's own sequence (pgbench keeps variables from one
-- transaction to the next), so no two transactions share a fan and every vote is one the quota accepts,
-- as in the HTTP runs: the ceiling is measured on accepted votes, not on cheaper refusals.
\set k :k + 1
\set u :first_fan + ((:client_id + (:k - 1) * :clients) % :fans)
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
select id as sid from bench_songs where n = :s \gset
select status from cast_vote(:uid::uuid, :sid::uuid, '127.0.0.1', '127.0.0.0/24', 'desktop', 'bench0000000000', NULL, now(), now() - interval '24 hours', 1, 1, :shard::smallint);
