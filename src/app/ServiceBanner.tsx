import { useEffect, useSyncExternalStore } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { api, expectOk } from '../api/client';
import { serviceState, subscribeService, watchService } from '../api/serviceStatus';

const messages = defineMessages({
  retrying: {
    id: 'service.unavailable.retrying',
    defaultMessage: 'We can’t reach Tameio right now. Retrying…',
    description: 'Quiet banner while the server or its database cannot be reached; it goes away by itself.',
  },
});

/** Calm, not alarming: dark text on the background, a border, no danger colours. */
const Banner = styled.div`
  position: sticky;
  top: 0;
  z-index: 1000;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  text-align: center;
  font-size: 0.9375rem;
`;

/** The server is asked whether it serves again; the shared client reports the answer to ../api/serviceStatus.ts. */
const probeReady = () => expectOk(api.GET('/api/health/ready'));

/**
 * Shown while the API answers 503 or cannot be reached (src/api/serviceStatus.ts), above every page, signed in or
 * not; it probes the server with backoff and goes away by itself when an answer comes. The page under it stays.
 */
export function ServiceBanner({ probe = probeReady }: { probe?: () => Promise<void> }) {
  const intl = useIntl();
  const state = useSyncExternalStore(subscribeService, serviceState, serviceState);
  useEffect(() => watchService({ probe }), [probe]);
  // Present only during an outage: an empty live region on every page would be one more "status" to every query.
  if (state.reachable) return null;
  return <Banner role="status">{intl.formatMessage(messages.retrying)}</Banner>;
}
