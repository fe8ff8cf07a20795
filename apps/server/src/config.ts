import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CAPTCHA_PROVIDERS } from '@ovation/shared';
import { z } from 'zod';
import { OperatorError } from './lib/operator-error';
import { withoutFinalNewline } from './lib/text';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/** A duration in milliseconds, at least 1. */
const milliseconds = z.coerce.number().int().min(1);

/** A TCP port; 0 asks the system for a free one. */
const port = z.coerce.number().int().min(0).max(65535);

/**
 * Secrets that may come from a file instead (`SESSION_SECRET_FILE=/run/secrets/session`), as container
 * platforms mount them: the file's content, without its final line break, is the value.
 */
export const SECRETS_FROM_FILES = [
  'DATABASE_URL',
  'SESSION_SECRET',
  'SMTP_URL',
  'REDIS_URL',
  'METRICS_TOKEN',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_APP_SECRET',
  'RECAPTCHA_SECRET_KEY',
] as const;

/** What production needs set: without it the server would run, but wrongly (see requireProductionSettings). */
const REQUIRED_IN_PRODUCTION = ['DATABASE_URL', 'SESSION_SECRET', 'PUBLIC_URL', 'SMTP_URL'] as const;

/** Every environment variable the server reads, parsed and typed in this one place. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** A PostgreSQL 15+ URL; without it an embedded PGlite database lives in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Ovation <no-reply@ovation.test>'),
  /** Encrypts secrets at rest (social-login client secrets); generated into DATA_DIR when unset. */
  SESSION_SECRET: z.string().min(32).optional(),
  /** Seed demo data: on by default for the embedded database, off unless asked for on a real server. */
  DEMO_SEED: booleanFlag.optional(),
  /**
   * Apply pending migrations at start (under a PostgreSQL advisory lock, so instances starting together
   * migrate once). Off: a release step runs `npm run db:migrate`, and a server whose database is behind
   * its code refuses to start.
   */
  MIGRATE_ON_START: booleanFlag.default(true),
  /**
   * Where uploaded files live: `disk` (DATA_DIR/uploads, one machine) or `database` (a table of the
   * PostgreSQL every instance already shares). Defaults to `database` when DATABASE_URL is set.
   */
  UPLOAD_STORE: z.enum(['disk', 'database']).optional(),
  /** Megabytes of uploaded files each instance keeps in memory, most recently served first. */
  UPLOAD_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Serve Prometheus metrics on this port of its own (never the public one); unset serves none there. */
  METRICS_PORT: port.optional(),
  /** The interface METRICS_PORT listens on: loopback unless the scraper is on another machine. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Serve GET /metrics on the public port too, only to `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * On SIGTERM, /api/health/ready answers 503 for this long before the listener closes, so the load
   * balancer stops sending new requests first (a little more than its check interval times its fall count).
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Run the scheduled jobs on this instance (each run is still taken by one instance only). */
  SCHEDULER: booleanFlag.default(true),
  /** This instance's name in job runs and logs; defaults to the host name and port. */
  INSTANCE_NAME: z.string().trim().max(100).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated origins allowed by CORS; empty keeps CORS off (the web app is same-origin). */
  CORS_ORIGINS: z.string().default(''),
  /** The built web app to serve; empty serves the API only. */
  WEB_DIST: z.string().default('apps/web/dist'),
  /**
   * Reverse proxies in front of the server whose X-Forwarded-For to trust: empty for none, a number of
   * hops, or a comma-separated list of proxy addresses/CIDRs. Never "all": a client could then pick
   * its own IP and dodge the per-IP limits.
   */
  TRUST_PROXY: z.string().trim().default(''),
  /**
   * The one request header, set by the trusted proxy, that names the visitor's country (Cloudflare's
   * cf-ipcountry by default); read only when TRUST_PROXY is set. Empty reads none. Only the proxy's own
   * header may be trusted: any other header with a country in it could come from the client.
   */
  COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]*$/, 'must be a header name')
    .default('cf-ipcountry'),
  /** Google sign-in (OpenID Connect); empty id or secret leaves Google off unless an admin sets custom ones. */
  GOOGLE_CLIENT_ID: z.string().trim().default(''),
  GOOGLE_CLIENT_SECRET: z.string().trim().default(''),
  /** The OpenID issuer discovered for Google; a test or staging stand-in may replace it. */
  GOOGLE_ISSUER_URL: z.string().url().default('https://accounts.google.com'),
  /** Facebook sign-in (plain OAuth 2: no discovery, so each endpoint is configurable). */
  FACEBOOK_APP_ID: z.string().trim().default(''),
  FACEBOOK_APP_SECRET: z.string().trim().default(''),
  FACEBOOK_AUTHORIZATION_URL: z.string().url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.string().url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.string().url().default('https://graph.facebook.com/me?fields=id,name,email'),
  /** The self-hosted ALTCHA proof of work by default; Google reCAPTCHA v2 (checkbox) when asked for. */
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).default('altcha'),
  RECAPTCHA_SITE_KEY: z.string().trim().default(''),
  RECAPTCHA_SECRET_KEY: z.string().trim().default(''),
  /** Google's verification endpoint; tests point it at a local stand-in. */
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /**
   * Slow clients (README "Slow clients and timeouts"). Headers: a whole header block takes one round trip
   * even on 2G; 10 s is generous and stops a client trickling them.
   */
  HEADERS_TIMEOUT_MS: milliseconds.default(10_000),
  /** The whole request, body included: 5 minutes lets an 8 MB bulk CSV arrive at 27 KB/s (slow 3G is ~50). */
  REQUEST_TIMEOUT_MS: milliseconds.default(300_000),
  /** Bytes a second a request body must average once its grace has passed; 0 turns the rule off. */
  BODY_MIN_RATE: z.coerce.number().int().min(0).default(1024),
  BODY_MIN_RATE_GRACE_MS: milliseconds.default(5_000),
  /** An idle keep-alive connection is closed after this; behind a load balancer, set it above the balancer's. */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds.default(10_000),
  /** A connection silent both ways for this long is closed (a client that stopped reading a response). */
  IDLE_TIMEOUT_MS: milliseconds.default(120_000),
  /**
   * Group commit (docs/architecture.md): a vote that finds no batch in flight is cast at once; votes that
   * arrive while one commits are cast together in the next, and wait at most this many milliseconds
   * before another batch is started beside it. 0 casts each vote as soon as a batch slot is free.
   */
  VOTE_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(1000).default(10),
  /** Tests only: wait for the window or a full batch even when no batch is in flight (a batch's votes are known). */
  VOTE_BATCH_WAIT_WHEN_IDLE: booleanFlag.default(false),
  /** At most this many votes in one batch: a full batch is cast at once, without waiting for the window. */
  VOTE_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  /** Batches one process has in flight at once on PostgreSQL (the embedded database runs one at a time). */
  VOTE_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(32).default(4),
});

/**
 * Values that only make sense together: the header deadline within the request deadline, reCAPTCHA with
 * its two keys (refuse to start rather than reject every sign-up), and what production requires.
 */
const configSchema = environmentSchema.superRefine((values, context) => {
  if (values.NODE_ENV === 'production') requireProductionSettings(values, context);
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT !== 0 && values.METRICS_PORT === values.PORT) {
    context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
  }
  if (values.HEADERS_TIMEOUT_MS > values.REQUEST_TIMEOUT_MS) {
    // Node refuses to start otherwise: the headers are part of the request.
    context.addIssue({
      code: 'custom',
      path: ['HEADERS_TIMEOUT_MS'],
      message: 'must not exceed REQUEST_TIMEOUT_MS',
    });
  }
  if (values.CAPTCHA_PROVIDER !== 'recaptcha') return;
  for (const name of ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY'] as const) {
    if (!values[name]) {
      context.addIssue({ code: 'custom', path: [name], message: 'required when CAPTCHA_PROVIDER=recaptcha' });
    }
  }
});

/**
 * With NODE_ENV=production the server refuses to start rather than run wrongly: without a database it
 * would keep votes on one machine's disk, without SESSION_SECRET each instance would sign CAPTCHA
 * challenges and retry passes another cannot check, without PUBLIC_URL mails would link to localhost,
 * without SMTP_URL verification codes would go to the log, over plain http sessions would travel in the
 * clear, and demo data would publish an admin password.
 */
function requireProductionSettings(values: z.infer<typeof environmentSchema>, context: z.RefinementCtx) {
  for (const name of REQUIRED_IN_PRODUCTION) {
    if (!values[name]) {
      context.addIssue({ code: 'custom', path: [name], message: 'required when NODE_ENV=production' });
    }
  }
  if (values.PUBLIC_URL && new URL(values.PUBLIC_URL).protocol !== 'https:') {
    context.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'must be an https:// address when NODE_ENV=production',
    });
  }
  if (values.DEMO_SEED) {
    context.addIssue({
      code: 'custom',
      path: ['DEMO_SEED'],
      message: 'must be off when NODE_ENV=production (the demo accounts have a published password)',
    });
  }
}

/** A configuration the server must not start with; its message names every variable at fault. */
export class ConfigurationError extends OperatorError {
  override name = 'ConfigurationError';
}

/**
 * `NAME_FILE` variants of the secrets: each file's content becomes NAME. Setting both is a mistake (which
 * one wins would be a guess), and so is a file that cannot be read.
 */
function withSecretsFromFiles(environment: NodeJS.ProcessEnv, problems: string[]): NodeJS.ProcessEnv {
  const resolved = { ...environment };
  for (const name of SECRETS_FROM_FILES) {
    const file = environment[`${name}_FILE`];
    if (!file) continue;
    if (environment[name]) {
      problems.push(`${name}_FILE: set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      resolved[name] = withoutFinalNewline(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(
        `${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  return resolved;
}

export type Config = ReturnType<typeof parseConfig>;

/** Parses the environment once; a wrong value stops the server with a message naming the variable. */
export function parseConfig(given: NodeJS.ProcessEnv = process.env) {
  const problems: string[] = [];
  const environment = withSecretsFromFiles(given, problems);
  const parsed = configSchema.safeParse(environment);
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  if (problems.length > 0 || !parsed.success) {
    throw new ConfigurationError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  // npm runs workspace scripts inside the workspace folder; INIT_CWD is where `npm` was typed, so a
  // relative DATA_DIR means the same folder for `npm start`, `npm run db:seed` and `npm run db:migrate`.
  const dataDir = path.resolve(environment.INIT_CWD ?? process.cwd(), values.DATA_DIR);
  return {
    environment: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    /** PUBLIC_URL as configured (no default): share links and the sitemap fall back to the request's host. */
    publicOrigin: values.PUBLIC_URL?.replace(/\/$/, ''),
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    sessionSecret: values.SESSION_SECRET,
    demoSeed: values.DEMO_SEED ?? values.DATABASE_URL === undefined,
    migrateOnStart: values.MIGRATE_ON_START,
    uploads: {
      store: values.UPLOAD_STORE ?? (values.DATABASE_URL ? ('database' as const) : ('disk' as const)),
      cacheBytes: values.UPLOAD_CACHE_MB * 1024 * 1024,
    },
    metrics: {
      port: values.METRICS_PORT,
      host: values.METRICS_HOST,
      token: values.METRICS_TOKEN,
    },
    shutdownDelayMs: values.SHUTDOWN_DELAY_MS,
    scheduler: values.SCHEDULER,
    instanceName: values.INSTANCE_NAME || `${os.hostname()}:${values.PORT}`,
    logLevel: values.LOG_LEVEL,
    corsOrigins: values.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    webDist: values.WEB_DIST ? path.resolve(values.WEB_DIST) : undefined,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    countryHeader: values.COUNTRY_HEADER || null,
    socialLogin: {
      google: {
        clientId: values.GOOGLE_CLIENT_ID,
        clientSecret: values.GOOGLE_CLIENT_SECRET,
        issuerUrl: values.GOOGLE_ISSUER_URL,
      },
      facebook: {
        appId: values.FACEBOOK_APP_ID,
        appSecret: values.FACEBOOK_APP_SECRET,
        authorizationUrl: values.FACEBOOK_AUTHORIZATION_URL,
        tokenUrl: values.FACEBOOK_TOKEN_URL,
        userinfoUrl: values.FACEBOOK_USERINFO_URL,
      },
    },
    timeouts: {
      headersMs: values.HEADERS_TIMEOUT_MS,
      requestMs: values.REQUEST_TIMEOUT_MS,
      bodyMinRate: values.BODY_MIN_RATE,
      bodyMinRateGraceMs: values.BODY_MIN_RATE_GRACE_MS,
      keepAliveMs: values.KEEP_ALIVE_TIMEOUT_MS,
      idleMs: values.IDLE_TIMEOUT_MS,
    },
    voteBatches: {
      windowMs: values.VOTE_BATCH_WINDOW_MS,
      maxSize: values.VOTE_BATCH_SIZE,
      maxInFlight: values.VOTE_BATCHES_IN_FLIGHT,
      waitWhenIdle: values.VOTE_BATCH_WAIT_WHEN_IDLE,
    },
    captcha: {
      provider: values.CAPTCHA_PROVIDER,
      recaptcha: {
        siteKey: values.RECAPTCHA_SITE_KEY,
        secretKey: values.RECAPTCHA_SECRET_KEY,
        verifyUrl: values.RECAPTCHA_VERIFY_URL,
      },
    },
  };
}

function parseTrustProxy(value: string): false | number | string[] {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
