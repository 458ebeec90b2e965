import { fromPromise } from 'xstate';
import type { AnalyticsReport, LoadAnalyticsInput } from '../../machines/analytics.machine';
import { unwrap, type ApiClient } from '../api/client';

/** The analytics journey's effect (machines/analytics.machine.ts): the four reports at once, or an ApiFailure. */
export function analyticsActors(client: ApiClient) {
  return {
    loadAnalytics: fromPromise<AnalyticsReport, LoadAnalyticsInput>(async ({ input, signal }) => {
      const query = { range: input.range, currency: input.currency };
      const [amounts, expenses, monthly, top] = await Promise.all([
        unwrap(client.GET('/api/merchants/analytics/amounts/', { params: { query }, signal })),
        unwrap(client.GET('/api/merchants/analytics/expenses_per_category/', { params: { query }, signal })),
        unwrap(
          client.GET('/api/merchants/analytics/monthly_amounts/', {
            params: { query: { currency: input.currency } },
            signal,
          }),
        ),
        unwrap(client.GET('/api/merchants/analytics/top_counterparties/', { params: { query }, signal })),
      ]);
      return { amounts, expenses, monthly, top };
    }),
  };
}
