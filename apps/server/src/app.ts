import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, RouteApp } from './app-context';
import { registerAccountRoutes } from './features/accounts/routes';
import {
  registerSecondFactorAdminRoutes,
  registerSecondFactorRoutes,
} from './features/accounts/second-factor-routes';
import { assertAdminSecondFactorInPlace } from './features/accounts/service';
import { registerDashboardAdminRoutes } from './features/admin/dashboard-routes';
import { registerAdAdminRoutes } from './features/ads/admin-routes';
import { registerAdAnalyticsAdminRoutes } from './features/ads/analytics-routes';
import { registerAdPublicRoutes } from './features/ads/public-routes';
import { createAdsRuntime } from './features/ads/runtime';
import { registerAnalyticsAdminRoutes } from './features/analytics/routes';
import { registerAuditAdminRoutes } from './features/audit/admin-routes';
import { registerBannerAdminRoutes } from './features/banners/admin-routes';
import { registerBannerPublicRoutes } from './features/banners/public-routes';
import { registerBreachAdminRoutes } from './features/breaches/admin-routes';
import { registerCaptchaRoutes } from './features/captcha/routes';
import { registerCategoryAdminRoutes } from './features/categories/admin-routes';
import { registerCategoryPublicRoutes } from './features/categories/public-routes';
import { registerCountryRoutes } from './features/countries/routes';
import { registerHealthRoutes } from './features/health/routes';
import { registerImageAdminRoutes } from './features/images/admin-routes';
import { registerIntegrityReviewAdminRoutes } from './features/integrity/review-routes';
import { registerIntegritySignalAdminRoutes } from './features/integrity/signal-routes';
import { registerJobAdminRoutes } from './features/jobs/admin-routes';
import { declareJobs } from './features/jobs/declared-jobs';
import { registerOnlineUserAdminRoutes } from './features/online-users/admin-routes';
import { OnlineUsers } from './features/online-users/service';
import { registerPrivacyAdminRoutes } from './features/privacy/admin-routes';
import { registerPrivacyRoutes } from './features/privacy/routes';
import { sessionActivityFor } from './features/sessions/activity';
import { shareSessionEvictions } from './features/sessions/invalidation';
import { registerSessionResolution } from './features/sessions/plugin';
import { registerSessionRoutes } from './features/sessions/routes';
import { registerPlatformSettingsAdminRoutes } from './features/settings/admin-routes';
import { shareSettingsChanges } from './features/settings/invalidation';
import { registerPublicSettingsRoutes } from './features/settings/routes';
import { registerCrawlerRoutes, registerShareImageRoutes } from './features/sharing/routes';
import { createPageTags } from './features/sharing/service';
import { registerSocialLoginAdminRoutes } from './features/social-login/admin-routes';
import { registerSocialLoginRoutes } from './features/social-login/routes';
import { registerSongAdminRoutes } from './features/songs/admin-routes';
import { registerArtistRoutes } from './features/songs/artist-routes';
import { registerBulkUploadAdminRoutes } from './features/songs/bulk-upload-routes';
import { registerSongPublicRoutes } from './features/songs/public-routes';
import { registerSongWriteAdminRoutes, registerSongWriteRoutes } from './features/songs/song-write-routes';
import { ViewCounter } from './features/songs/view-counter';
import { registerStatsRoutes } from './features/stats/routes';
import { registerUploadRoutes } from './features/uploads/serve-routes';
import { registerUserAdminRoutes } from './features/users/admin-routes';
import {
  registerSongVotersAdminRoute,
  registerVotingSettingsAdminRoutes,
} from './features/voting/admin-routes';
import { castVoteBatch } from './features/voting/cast-vote-repository';
import { VoteRetryPasses } from './features/voting/retry-pass';
import { registerVotingRoutes } from './features/voting/routes';
import { VoteBatcher } from './features/voting/vote-batcher';
import { type DeclaredRoute, registerAccessControl, registerAdminScope } from './lib/access';
import { buildInfo } from './lib/build-info';
import { createCaptchaVerifier } from './lib/captcha-providers';
import { createMemorySpentChallengeStore, createRedisSpentChallengeStore } from './lib/captcha-replay';
import { registerErrorHandling, sendFailure } from './lib/error-handler';
import { fastifyOptions } from './lib/fastify-options';
import { createHtmlShell } from './lib/html-shell';
import { IMMUTABLE_CACHE, registerHttpCaching, SITE_ICON_CACHE } from './lib/http-caching';
import { registerHttpLimits } from './lib/http-limits';
import { registerJsonBodies } from './lib/json-bodies';
import { registerLifecycle } from './lib/lifecycle';
import { createMailer } from './lib/mailer';
import { createMetrics } from './lib/metrics';
import { registerMetricsRoute } from './lib/metrics-route';
import { deploymentNamespace } from './lib/namespace';
import { Limiter } from './lib/rate-limit';
import { ResponseCache } from './lib/response-cache';
import { createRoutePreloads } from './lib/route-preloads';
import { deriveKey } from './lib/secrets';
import { registerSecurityHeaders } from './lib/security-headers';
import { validatorCompiler } from './lib/validation';

/** Builds the whole application: plugins, every feature's routes under /api, and the web app. */
export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify(fastifyOptions(config)).withTypeProvider<ZodTypeProvider>();
  registerJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const metrics =
    context.metrics ??
    createMetrics({
      build: buildInfo,
      poolStats: () => context.database.poolStats(),
      redisUp: () => (context.redis ? context.redis.status === 'ready' : null),
      processMetrics: config.metrics.port !== undefined || config.metrics.token !== undefined,
    });
  app.decorate('metrics', metrics);
  context.database.observePoolWaits((seconds) => metrics.poolWaitSeconds.observe(seconds));
  const lifecycle = registerLifecycle(app, metrics);
  // The proxy's country header (lib/request-meta.ts) is read only behind a trusted proxy.
  app.decorateRequest('trustedCountryHeader', config.trustProxy !== false ? config.countryHeader : null);

  registerSecurityHeaders(app, { recaptcha: config.captcha.provider === 'recaptcha' });
  registerHttpLimits(app, config.timeouts);
  // Every /api answer that does not opt into public caching is private, no-store (lib/http-caching.ts).
  registerHttpCaching(app);
  if (config.corsOrigins.length > 0) await app.register(fastifyCors, { origin: config.corsOrigins });
  await app.register(fastifyMultipart);
  await app.register(fastifyCompress, { threshold: 2048, encodings: ['br', 'gzip'] });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Ovation API',
        description: 'Fan voting for an African music awards event',
        version: buildInfo.version,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const mailer =
    context.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      logger: app.log,
    });
  const captcha = context.captcha ?? createCaptchaVerifier(config, context.secret, context.redis);
  const db = context.database.db;
  const accountsDependencies = {
    db,
    clock: context.clock,
    mailer,
    captcha,
    logger: app.log,
    otpKey: deriveKey(context.secret, 'otp'),
    secondFactorKeys: {
      secrets: deriveKey(context.secret, 'second-factor-secrets'),
      challenges: deriveKey(context.secret, 'second-factor-challenges'),
    },
    publicUrl: config.publicUrl,
    limiters: {
      // 5 failed logins for one account, or 20 from one IP, within 15 minutes.
      loginAccount: new Limiter({ name: 'login-account', points: 5, windowSeconds: 15 * 60 }, context.redis),
      loginIp: new Limiter({ name: 'login-ip', points: 20, windowSeconds: 15 * 60 }, context.redis),
      // Each mailed code resets its 5 tries: at most 5 codes an hour keeps guessing far out of reach.
      codeMails: new Limiter({ name: 'code-mails', points: 5, windowSeconds: 60 * 60 }, context.redis),
      // 5 guesses at a mailed code per address, known or not; a newly mailed code resets them.
      codeGuesses: new Limiter({ name: 'code-guesses', points: 5, windowSeconds: 60 * 60 }, context.redis),
      // 5 wrong second-factor codes per account in 15 minutes (only after the right password).
      secondFactor: new Limiter({ name: 'second-factor', points: 5, windowSeconds: 15 * 60 }, context.redis),
    },
  };

  const namespace = deploymentNamespace(config);
  const responseCache = new ResponseCache(namespace, context.redis);
  await responseCache.listen();
  app.addHook('onClose', async () => responseCache.close());
  if (context.redis) {
    const stopSharingEvictions = await shareSessionEvictions(db, context.redis, namespace);
    const stopSharingSettings = await shareSettingsChanges(db, context.redis, namespace);
    app.addHook('onClose', async () => {
      await stopSharingEvictions();
      await stopSharingSettings();
    });
  }

  sessionActivityFor(db).onError = (error) =>
    app.log.warn({ err: error }, 'could not store session activity');
  const voteBatcher = new VoteBatcher((ballots, shard) => castVoteBatch(db, ballots, shard), {
    ...config.voteBatches,
    // The embedded database runs one transaction at a time: a second batch in flight would only queue.
    maxInFlight: context.database.kind === 'embedded' ? 1 : config.voteBatches.maxInFlight,
    logger: app.log,
    observer: {
      batchCast: (size, seconds, outcome) => {
        metrics.voteBatchSize.observe(size);
        metrics.voteBatchSeconds.observe({ outcome }, seconds);
      },
    },
  });
  app.decorate('voteBatcher', voteBatcher);
  // Votes already queued are cast and answered before the database closes.
  app.addHook('onClose', async () => voteBatcher.drain());
  const views = new ViewCounter(db, deriveKey(context.secret, 'views'));
  app.addHook('onClose', () => views.close());

  const adsRuntime = await createAdsRuntime({
    db,
    clock: context.clock,
    redis: context.redis,
    namespace,
    secret: context.secret,
    storage: context.storage,
    logger: app.log,
    onEvent: (kind, outcome, reason) => metrics.adEvents.inc({ kind, outcome, reason }),
  });
  app.decorate('ads', adsRuntime);

  const onlineUsers = new OnlineUsers(
    { db, clock: context.clock, redis: context.redis, namespace },
    (error) => app.log.warn({ err: error }, 'online users summary not refreshed'),
  );
  app.addHook('onClose', () => onlineUsers.close());
  const jobs = declareJobs({ onlineUsers });
  app.decorate('jobs', jobs);
  // Every job's counters exist from the start, so an alert on a first failure sees the series grow.
  for (const job of jobs)
    for (const outcome of ['succeeded', 'failed']) metrics.jobRuns.inc({ job: job.name, outcome }, 0);
  app.addHook('onClose', () => adsRuntime.close());

  registerCountryRoutes(app);
  const sharingDependencies = {
    db,
    storage: context.storage,
    cache: responseCache,
    publicOrigin: config.publicOrigin,
  };
  let declaredRoutes: DeclaredRoute[] = [];
  await app.register(
    async (api) => {
      const routes = api as unknown as RouteApp;
      registerSessionResolution(routes, context);
      declaredRoutes = registerAccessControl(routes);
      registerHealthRoutes(routes, {
        database: context.database,
        redis: context.redis,
        isDraining: lifecycle.isDraining,
      });
      registerPublicSettingsRoutes(routes, {
        db,
        captcha,
        adLocations: () => adsRuntime.servableLocations(),
      });
      registerAdPublicRoutes(routes, adsRuntime);
      registerCaptchaRoutes(routes, { captcha, secret: context.secret });
      registerAccountRoutes(routes, accountsDependencies);
      registerPrivacyRoutes(routes, {
        db,
        storage: context.storage,
        clock: context.clock,
        // A file is a full read of the account: 5 an hour is plenty for a person, little for a script.
        limiter: new Limiter({ name: 'data-exports', points: 5, windowSeconds: 60 * 60 }, context.redis),
      });
      registerSessionRoutes(routes);
      const socialSettings = registerSocialLoginRoutes(routes, context, accountsDependencies);
      const publicPages = { db, storage: context.storage, cache: responseCache };
      registerSongPublicRoutes(routes, { ...publicPages, views, clock: context.clock });
      registerCategoryPublicRoutes(routes, publicPages);
      registerShareImageRoutes(routes, sharingDependencies);
      registerBannerPublicRoutes(routes, publicPages);
      registerStatsRoutes(routes, publicPages);
      const songsDependencies = { ...publicPages, clock: context.clock };
      registerSongWriteRoutes(routes, songsDependencies);
      registerArtistRoutes(routes, songsDependencies);
      const votingDependencies = {
        db,
        clock: context.clock,
        captcha,
        logger: app.log,
        batcher: voteBatcher,
        metrics,
        retryPasses: new VoteRetryPasses(
          deriveKey(context.secret, 'vote-retry-pass'),
          context.redis
            ? createRedisSpentChallengeStore(context.redis, 'ovation:vote-pass-spent:')
            : createMemorySpentChallengeStore(),
        ),
      };
      registerVotingRoutes(routes, {
        ...votingDependencies,
        // 20 vote requests a minute per fan: far above any honest use (one vote per category a day).
        voteLimiter: new Limiter({ name: 'votes-user', points: 20, windowSeconds: 60 }, context.redis),
      });

      // An admin's own second factor: reachable before one is set up, whatever the platform requires.
      await registerAdminScope(routes, (admin) => registerSecondFactorRoutes(admin, accountsDependencies));
      // Every admin-only route, wherever its noun lives, is registered here and guarded once.
      await registerAdminScope(routes, (admin) => {
        // While the platform requires it, an admin without a second factor reaches no admin API.
        admin.addHook('onRequest', async (request) => {
          if (request.viewer) await assertAdminSecondFactorInPlace(db, request.viewer.id);
        });
        registerSecondFactorAdminRoutes(admin, accountsDependencies);
        registerPlatformSettingsAdminRoutes(admin, { db, clock: context.clock });
        registerVotingSettingsAdminRoutes(admin, { db, clock: context.clock });
        registerSongVotersAdminRoute(admin, votingDependencies);
        registerSocialLoginAdminRoutes(admin, socialSettings);
        registerDashboardAdminRoutes(admin, { db, clock: context.clock });
        registerAuditAdminRoutes(admin, { db, clock: context.clock });
        registerBreachAdminRoutes(admin, { db, clock: context.clock });
        registerPrivacyAdminRoutes(admin, { db, clock: context.clock, storage: context.storage });
        registerCategoryAdminRoutes(admin, { db, clock: context.clock, cache: responseCache });
        registerSongWriteAdminRoutes(admin, songsDependencies);
        registerSongAdminRoutes(admin, songsDependencies);
        registerBulkUploadAdminRoutes(admin, { db, clock: context.clock, cache: responseCache });
        registerUserAdminRoutes(admin, { db, clock: context.clock });
        registerIntegrityReviewAdminRoutes(admin, { db, clock: context.clock, cache: responseCache });
        registerIntegritySignalAdminRoutes(admin, { db, clock: context.clock });
        const mediaDependencies = {
          db,
          clock: context.clock,
          storage: context.storage,
          cache: responseCache,
          publicUrl: config.publicUrl,
        };
        registerImageAdminRoutes(admin, mediaDependencies);
        registerBannerAdminRoutes(admin, mediaDependencies);
        registerAdAdminRoutes(admin, { ...mediaDependencies, ads: adsRuntime });
        registerAdAnalyticsAdminRoutes(admin, { db, clock: context.clock, storage: context.storage });
        registerOnlineUserAdminRoutes(admin, onlineUsers);
        registerJobAdminRoutes(admin, {
          db,
          clock: context.clock,
          jobs,
          metrics,
          logger: app.log,
          instance: config.instanceName,
        });
        registerAnalyticsAdminRoutes(admin, {
          db,
          clock: context.clock,
          storage: context.storage,
          cache: responseCache,
        });
      });
    },
    { prefix: '/api' },
  );

  registerUploadRoutes(app, context.storage);
  registerCrawlerRoutes(app, sharingDependencies);
  registerMetricsRoute(app, { registry: metrics.registry, token: config.metrics.token });

  const indexHtml = config.webDist ? path.join(config.webDist, 'index.html') : undefined;
  const serveWeb = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist!,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      // The HTML shell is rendered per language (below), never sent as the English file it is on disk.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const siteIcon =
          filePath.endsWith(`${path.sep}favicon.svg`) || filePath.includes(`${path.sep}icons${path.sep}`);
        response.header(
          'cache-control',
          immutable ? IMMUTABLE_CACHE : siteIcon ? SITE_ICON_CACHE : 'no-cache',
        );
      },
    });
  }

  const serveHtmlShell = serveWeb
    ? createHtmlShell(indexHtml, {
        adLocations: () => adsRuntime.servableLocations(),
        pageTags: createPageTags(sharingDependencies),
        headExtras: createRoutePreloads({ manifestPath: path.join(config.webDist!, '.vite/manifest.json') }),
      })
    : undefined;
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/uploads') &&
      // A build file that is gone (an old tab after a deploy) is a 404, not a page of HTML posing as script.
      !request.url.startsWith('/assets/');
    // Client-side routes (and the client's own 404 page) are all served by the one HTML shell.
    if (serveHtmlShell && wantsPage) return serveHtmlShell(request, reply);
    return sendFailure(request, reply, { status: 404, code: 'ROUTE_NOT_FOUND' });
  });

  app.decorate('declaredRoutes', () => declaredRoutes);
  return app;
}
