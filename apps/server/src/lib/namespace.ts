import { createHash } from 'node:crypto';

/**
 * Tells apart deployments (and test databases) that share one Redis: every key and channel of an instance
 * is prefixed with it, the same on every instance of one deployment (it derives from the database).
 */
export function deploymentNamespace(config: { databaseUrl?: string; dataDir: string }) {
  return createHash('sha256')
    .update(config.databaseUrl ?? config.dataDir)
    .digest('hex')
    .slice(0, 12);
}
