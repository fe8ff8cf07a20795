import closeWithGrace from 'close-with-grace';
import { parseConfig } from './config';
import { createServer } from './server';

/** Seconds in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = parseConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });
server.app.log.info(
  { database: server.database.kind, dataDir: config.dataDir, url: config.publicUrl },
  `Ovation is ready at ${config.publicUrl}`,
);
// One plain line for the person who just typed `npm start`, above the JSON logs.
const database =
  server.database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
const mail = config.smtpUrl
  ? 'SMTP'
  : `no SMTP_URL: verification mails go to ${config.dataDir}/outbox and the log`;
process.stdout.write(`\n  Ovation is ready at ${config.publicUrl}  (${database}; ${mail})\n\n`);

closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info({ signal }, 'shutting down');
  await server.close();
});
