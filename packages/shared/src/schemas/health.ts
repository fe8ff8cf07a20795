import { z } from 'zod';
import { dataEnvelope } from './envelope';

/** What this instance runs: the load balancer, the crew and a deploy script read it. */
const buildSchema = z.object({
  version: z.string(),
  /** The git commit of the build (`-dirty` when built with uncommitted changes), or `development`. */
  commit: z.string(),
  uptimeSeconds: z.number(),
});

/** GET /health/live: the process answers (it is not stuck); nothing else is checked. */
export const livenessSchema = buildSchema.extend({ status: z.literal('ok') });
export const livenessResponseSchema = dataEnvelope(livenessSchema);

/**
 * GET /health/ready (and GET /health): whether this instance should get traffic: its database answers,
 * Redis too when one is configured (`none` otherwise), and it is not shutting down (`draining`).
 */
export const healthSchema = buildSchema.extend({
  status: z.enum(['ok', 'degraded', 'draining']),
  database: z.enum(['ok', 'down']),
  databaseKind: z.enum(['embedded', 'postgres']),
  redis: z.enum(['ok', 'down', 'none']),
});
export const healthResponseSchema = dataEnvelope(healthSchema);
export type Health = z.infer<typeof healthSchema>;
