import { z } from 'zod';

/** GET /api/health/live: the process answers (no database involved). */
export const LiveResponse = z.object({ status: z.literal('ok') }).meta({ id: 'LiveResponse' });
export type LiveResponse = z.infer<typeof LiveResponse>;

/** GET /api/health/ready: the database answers and every migration this build ships is applied. */
export const ReadyResponse = z
  .object({ status: z.literal('ready'), migrations: z.number().int().nonnegative() })
  .meta({ id: 'ReadyResponse' });
export type ReadyResponse = z.infer<typeof ReadyResponse>;
