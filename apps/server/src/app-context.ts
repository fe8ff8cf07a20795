import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { CaptchaVerifier } from './lib/captcha';
import type { Clock } from './lib/clock';
import type { DatabaseHandle } from './lib/db';
import type { Mailer } from './lib/mailer';
import type { Metrics } from './lib/metrics';
import type { FileStorage } from './lib/storage';
import type { Viewer } from './lib/viewer';

/** What every feature's routes are built with: the parsed config and the shared infrastructure. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  clock: Clock;
  /** The server secret (SESSION_SECRET or generated); derive purpose keys from it with deriveKey. */
  secret: string;
  /** Shared by every instance when REDIS_URL is set. */
  redis?: Redis;
  /** Built by the app from the config when not given (tests may pass their own). */
  mailer?: Mailer;
  captcha?: CaptchaVerifier;
  /** This instance's Prometheus registry and metrics (built by the app when not given). */
  metrics?: Metrics;
}

export type RouteApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when no request handler is running, or after `timeoutMs`. */
    waitForHandlers(timeoutMs: number): Promise<void>;
    /** Every /api route with the access it declares (lib/access.ts), once the app is ready. */
    declaredRoutes(): import('./lib/access').DeclaredRoute[];
    /** The ads' serving and counting of this process (features/ads/runtime.ts); tests flush it. */
    ads: import('./features/ads/runtime').AdsRuntime;
    /** Group commit of this process's votes (features/voting/vote-batcher.ts); tests read its stats. */
    voteBatcher: import('./features/voting/vote-batcher').VoteBatcher;
    /** This instance's metrics (lib/metrics.ts), served on METRICS_PORT or to METRICS_TOKEN. */
    metrics: Metrics;
    /** Every periodic job (features/jobs/declared-jobs.ts); the scheduler of main.ts fires them. */
    jobs: import('./features/jobs/job').JobDeclaration[];
    /** Shutdown begins: readiness answers 503 from now on, so the load balancer stops sending. */
    startDraining(): void;
  }
  interface FastifyRequest {
    /** The signed-in user, or null for a guest; set before any route runs. */
    viewer: Viewer;
  }
}
