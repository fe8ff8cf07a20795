import closeWithGrace from 'close-with-grace';
import { parseConfig } from './config';
import { buildInfo } from './lib/build-info';
import { OperatorError } from './lib/operator-error';
import { createServer, type RunningServer } from './server';

/** Seconds in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

let config: ReturnType<typeof parseConfig>;
let server: RunningServer;
try {
  config = parseConfig();
  server = await createServer(config);
} catch (error) {
  // A mistake in the set-up is said plainly, without a stack trace, and the process stops.
  if (error instanceof OperatorError) {
    console.error(`Ovation cannot start.\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
await server.app.listen({ port: config.port, host: config.host });
server.app.log.info(
  {
    database: server.database.kind,
    dataDir: config.dataDir,
    url: config.publicUrl,
    version: buildInfo.version,
    commit: buildInfo.commit,
    instance: config.instanceName,
    metricsPort: server.metricsPort,
  },
  `Ovation is ready at ${config.publicUrl}`,
);
// One plain line for the person who just typed `npm start`, above the JSON logs.
const database =
  server.database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
const mail = config.smtpUrl
  ? 'SMTP'
  : `no SMTP_URL: verification mails go to ${config.dataDir}/outbox and the log`;
process.stdout.write(`\n  Ovation is ready at ${config.publicUrl}  (${database}; ${mail})\n\n`);

closeWithGrace({ delay: SHUTDOWN_GRACE_MS + config.shutdownDelayMs }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info({ signal }, 'shutting down');
  await server.close();
});
