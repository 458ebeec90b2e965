import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { solveAltcha } from '../../src/app/altchaSolver';

const hmacKey = 'unit-test-key';

describe('the browser ALTCHA solver', () => {
  it('produces a payload the server library accepts', async () => {
    const challenge = await createChallenge({ hmacKey, maxNumber: 2000 });
    const payload = await solveAltcha(challenge);
    expect(await verifySolution(payload, hmacKey)).toBe(true);
  });

  it('gives up on a challenge with no solution in range instead of looping', async () => {
    const challenge = await createChallenge({ hmacKey, maxNumber: 2000, number: 1500 });
    await expect(solveAltcha({ ...challenge, maxnumber: 1000 })).rejects.toThrow(/no solution/);
  });

  it('stops when the page no longer needs the proof', async () => {
    const challenge = await createChallenge({ hmacKey, maxNumber: 100_000, number: 99_000 });
    const abort = new AbortController();
    abort.abort();
    await expect(solveAltcha(challenge, { signal: abort.signal })).rejects.toThrow();
  });
});
