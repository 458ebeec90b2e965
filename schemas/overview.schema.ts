import { z } from 'zod';
import { text } from './text';

/** Money on the wire: integer minor units as a decimal string (bigint-safe) and an ISO 4217 code. */
export const Money = z
  .object({ amount_minor: text().regex(/^-?\d+$/), currency: text().length(3) })
  .meta({ id: 'Money' });
export type Money = z.infer<typeof Money>;

export const OutboxQuery = z.object({ to: text().min(1).max(254) });
export const OutboxResponse = z
  .object({
    messages: z.array(
      z.object({
        id: text(),
        to: text(),
        channel: z.enum(['email', 'sms']),
        subject: text().nullable(),
        body: text(),
        created_at: text(),
      }),
    ),
  })
  .meta({ id: 'OutboxResponse' });
