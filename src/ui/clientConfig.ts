import { createContext, useContext } from 'react';
import type { ClientConfig } from '../../schemas/auth.schema';
import { authDefaults } from '../../schemas/authLimits';

/**
 * The server's settings the app needs (GET /api/config/, read once by src/main.tsx): texts that quote a configured
 * number (a code's lifetime, the idle limit) read it from here, so they say what the server does.
 */

/** The server's defaults (schemas/authLimits.ts), for when /api/config/ cannot be read and for tests. */
export const defaultClientConfig: ClientConfig = {
  environment: 'production',
  idle_timeout_seconds: authDefaults.idleTimeoutSeconds,
  idle_warning_seconds: authDefaults.idleWarningSeconds,
  otp_ttl_seconds: authDefaults.otpTtlSeconds,
  sandbox: false,
  map: { tile_url: null, tile_attribution: null },
};

export const ClientConfigContext = createContext<ClientConfig>(defaultClientConfig);

export const useClientConfig = (): ClientConfig => useContext(ClientConfigContext);
