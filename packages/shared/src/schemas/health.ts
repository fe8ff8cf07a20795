import { z } from 'zod';
import { dataEnvelope } from './envelope';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  databaseKind: z.enum(['embedded', 'postgres']),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export const healthResponseSchema = dataEnvelope(healthSchema);
export type Health = z.infer<typeof healthSchema>;
