import { fromPromise } from 'xstate';
import type { SolvedCheck } from '../../machines/botCheck.machine';
import { unwrap, type ApiClient } from '../api/client';
import { solveAltcha } from './altchaSolver';

/**
 * The bot check's effect (machines/botCheck.machine.ts): a challenge from our own server (`GET
 * /api/altcha/challenge/`), solved in the page. Leaving `solving` (the form moved on to a fresh round, the page left)
 * aborts the signal: the request, or the hashing between two batches, stops.
 */
export function botCheckActors(client: ApiClient) {
  return {
    solveChallenge: fromPromise<SolvedCheck>(async ({ signal }) => {
      const challenge = await unwrap(client.GET('/api/altcha/challenge/', { signal }));
      return { altcha: await solveAltcha(challenge, { signal }) };
    }),
  };
}
