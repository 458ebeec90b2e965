import type { RepresentativeTasksResponse } from '../../schemas/plans.schema';
import type { Database } from '../db/database';

/** The representative's follow-ups (migration 020), newest first; the sandbox shows them until a back office exists. */
export async function listRepresentativeTasks(
  db: Database,
  filter: { merchantId?: string | undefined; status?: 'open' | 'done' | undefined } = {},
): Promise<RepresentativeTasksResponse> {
  let query = db
    .selectFrom('representative_tasks as t')
    .innerJoin('merchants as m', 'm.id', 't.merchant_id')
    .select([
      't.id',
      't.kind',
      't.merchant_id',
      'm.name as merchant_name',
      't.status',
      't.payload',
      't.created_at',
      't.updated_at',
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id')
    .limit(200);
  if (filter.merchantId) query = query.where('t.merchant_id', '=', filter.merchantId);
  if (filter.status) query = query.where('t.status', '=', filter.status);
  const rows = await query.execute();
  return {
    items: rows.map((row) => {
      const payload: unknown = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      return {
        id: row.id,
        kind: row.kind,
        merchant_id: row.merchant_id,
        merchant_name: row.merchant_name,
        status: row.status,
        payload: typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {},
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      };
    }),
  };
}
