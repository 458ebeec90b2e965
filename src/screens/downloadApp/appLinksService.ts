import { api, unwrap } from '../../api/client';

/** Where the mobile apps are listed. */
export type AppLinks = { appStore: string; googlePlay: string };

/** Reads the store links; tests give their own. Must be stable (defined once, not per render). */
export type LoadAppLinks = (signal: AbortSignal) => Promise<AppLinks>;

/** GET /api/download_app/ (public): the links are configuration of the server (APP_STORE_URL, PLAY_STORE_URL). */
export const loadAppLinksFromApi: LoadAppLinks = async (signal) => {
  const config = await unwrap(api.GET('/api/download_app/', { signal }));
  return { appStore: config.app_store_url, googlePlay: config.play_store_url };
};
