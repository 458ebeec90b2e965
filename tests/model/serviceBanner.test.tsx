import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { observeAttempt } from '../../src/api/serviceStatus';
import { ServiceBanner } from '../../src/app/ServiceBanner';
import { renderPart } from './harness';

/**
 * The quiet banner while the API answers 503 or cannot be reached: it appears with the first failed answer, probes
 * the server, and goes away by itself once an answer comes; no error page in between.
 */
afterEach(() => observeAttempt({ status: 200 }));

describe('ServiceBanner', () => {
  it('says nothing while the service answers', () => {
    renderPart(<ServiceBanner probe={async () => undefined} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows "retrying" during an outage and goes away when a probe gets an answer', async () => {
    let probes = 0;
    const probe = async () => {
      probes += 1;
      // The first probe finds the server still away; the second gets its answer.
      observeAttempt(probes < 2 ? { status: 503 } : { status: 200 });
    };
    renderPart(<ServiceBanner probe={probe} />);
    observeAttempt({ status: 503, retryAfterSeconds: 0 });
    expect((await screen.findByRole('status')).textContent).toBe(
      'We can’t reach Tameio right now. Retrying…',
    );
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 3000 });
    expect(probes).toBe(2);
  });

  it('speaks Greek', async () => {
    renderPart(<ServiceBanner probe={() => new Promise(() => undefined)} />, { locale: 'el' });
    observeAttempt(null);
    expect(
      await screen.findByText('Δεν μπορούμε να συνδεθούμε με το Tameio αυτή τη στιγμή. Νέα προσπάθεια…'),
    ).toBeTruthy();
  });
});
