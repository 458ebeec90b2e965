import { z } from 'zod';

/** Money on the wire: integer minor units as a decimal string (bigint-safe) and an ISO 4217 code. */
export const Money = z
  .object({ amount_minor: z.string().regex(/^-?\d+$/), currency: z.string().length(3) })
  .meta({ id: 'Money' });
export type Money = z.infer<typeof Money>;

export const OutboxQuery = z.object({ to: z.string().min(1).max(254) });
export const OutboxResponse = z
  .object({
    messages: z.array(
      z.object({
        id: z.string(),
        to: z.string(),
        channel: z.enum(['email', 'sms']),
        subject: z.string().nullable(),
        body: z.string(),
        created_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'OutboxResponse' });
