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

closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) server.app.log.error({ err }, 'shutting down after an error');
  else server.app.log.info({ signal }, 'shutting down');
  await server.close();
});
