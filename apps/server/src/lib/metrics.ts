import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { BuildInfo } from './build-info';

/**
 * The figures a crew watches on a final night, in Prometheus's text format (prom-client), one registry per
 * app. Names follow Prometheus's conventions: `ovation_` for our own, `_total` counters, `_seconds`
 * histograms; the process's own (CPU, memory, event-loop lag, garbage collection) keep prom-client's
 * standard names so the usual Node.js dashboards read them. Served only on METRICS_PORT or to
 * METRICS_TOKEN (lib/metrics-route.ts), never publicly.
 */
export interface Metrics {
  readonly registry: Registry;
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Every vote request that reached the vote rules: accepted, refused (by its code) or unavailable (503). */
  readonly votes: Counter<'outcome' | 'reason'>;
  readonly voteBatchSize: Histogram;
  readonly voteBatchSeconds: Histogram<'outcome'>;
  /** Retry passes given with a 503 and redeemed by the vote sent again. */
  readonly voteRetryPasses: Counter<'event'>;
  readonly poolWaitSeconds: Histogram;
  readonly adEvents: Counter<'kind' | 'outcome' | 'reason'>;
  readonly jobRuns: Counter<'job' | 'outcome'>;
  readonly jobSeconds: Histogram<'job'>;
  /** Set by the app: 1 while shutting down (readiness answers 503). */
  readonly draining: Gauge;
}

/** Seconds: from a cached page (a millisecond) to a slow upload (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A batch holds 1 vote when idle and up to VOTE_BATCH_SIZE (100 by default, 1000 at most) under load. */
const BATCH_SIZE_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000];

export interface MetricsSources {
  build: BuildInfo;
  /** The database pool's connections, when there is a pool. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** Whether Redis answers (null when no REDIS_URL is set). */
  redisUp(): boolean | null;
  /** Whether the process collects CPU, memory and event-loop metrics (only worth it when served). */
  processMetrics: boolean;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  if (sources.processMetrics) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  new Gauge({
    name: 'ovation_build_info',
    help: 'The version and commit this instance runs (always 1).',
    labelNames: ['version', 'commit'],
    registers: [registry],
  })
    .labels(sources.build.version, sources.build.commit)
    .set(1);

  new Gauge({
    name: 'ovation_db_pool_connections',
    help: 'Connections of the PostgreSQL pool by state; waiting counts queries queued for one.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = sources.poolStats();
      if (!stats) return;
      this.labels('total').set(stats.total);
      this.labels('idle').set(stats.idle);
      this.labels('waiting').set(stats.waiting);
    },
  });

  new Gauge({
    name: 'ovation_redis_up',
    help: 'Whether Redis answers (1) or not (0); absent without REDIS_URL.',
    registers: [registry],
    collect() {
      const up = sources.redisUp();
      if (up !== null) this.set(up ? 1 : 0);
    },
  });

  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'ovation_http_request_duration_seconds',
      help: 'HTTP requests by route pattern and status, from the first byte read to the last sent.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    votes: new Counter({
      name: 'ovation_votes_total',
      help: 'Vote requests by outcome (accepted, refused, unavailable) and the refusal code.',
      labelNames: ['outcome', 'reason'],
      registers: [registry],
    }),
    voteBatchSize: new Histogram({
      name: 'ovation_vote_batch_size',
      help: 'Votes per batch cast in one transaction (group commit).',
      buckets: BATCH_SIZE_BUCKETS,
      registers: [registry],
    }),
    voteBatchSeconds: new Histogram({
      name: 'ovation_vote_batch_commit_seconds',
      help: 'Time to cast a vote batch and commit it, by outcome (committed, failed, unknown).',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    voteRetryPasses: new Counter({
      name: 'ovation_vote_retry_passes_total',
      help: 'Retry passes issued with a 503 and redeemed by the vote sent again.',
      labelNames: ['event'],
      registers: [registry],
    }),
    poolWaitSeconds: new Histogram({
      name: 'ovation_db_pool_wait_seconds',
      help: 'Time a query waited for a pooled PostgreSQL connection.',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
    adEvents: new Counter({
      name: 'ovation_ad_events_total',
      help: 'Ad impressions and clicks received, counted or filtered (with the reason).',
      labelNames: ['kind', 'outcome', 'reason'],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'ovation_job_runs_total',
      help: 'Scheduled job runs taken by this instance, by outcome (succeeded, failed).',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
    jobSeconds: new Histogram({
      name: 'ovation_job_duration_seconds',
      help: 'How long each run of a scheduled job took on this instance.',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
    draining: new Gauge({
      name: 'ovation_draining',
      help: '1 while the instance shuts down: readiness answers 503 and the load balancer stops sending.',
      registers: [registry],
    }),
  };
}
