import type { AdvertisingPlacement } from '../../schemas/advertising.schema';
import { api, unwrap } from '../api/client';

/*
 * Following another merchant's advertisement (issue 21), wherever it is shown: the sponsored card and the wallet
 * directory (src/screens/advertising/SponsoredCard.tsx) and the push notification in the list
 * (src/screens/notifications/NotificationsScreen.tsx). The click is recorded first, so the advertiser's figures count
 * it; a recording that fails still opens the link. Only an https address is ever opened.
 */

export type SponsoredClicks = {
  /** Records the click on a campaign shown in `placement`; answers the link to open. */
  click: (campaignId: string, placement: AdvertisingPlacement) => Promise<string>;
  /** Opens the link in a new tab, without giving the page a handle on this one. */
  open: (link: string) => void;
};

export const sponsoredClicksFromApi: SponsoredClicks = {
  click: async (campaignId, placement) =>
    (
      await unwrap(
        api.POST('/api/merchants/advertising/placements/{id}/click/', {
          params: { path: { id: campaignId } },
          body: { placement },
        }),
      )
    ).link,
  open: (link) => {
    window.open(link, '_blank', 'noopener,noreferrer');
  },
};

/** The server accepts no other address; this is the last line. */
export function isHttps(link: string): boolean {
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Records the click, then opens the link the server answers, or the one shown when recording fails. */
export function followSponsored(
  clicks: Pick<SponsoredClicks, 'open'> & { click: () => Promise<string> },
  shownLink: string,
): void {
  void clicks.click().then(
    (link) => clicks.open(isHttps(link) ? link : shownLink),
    () => clicks.open(shownLink),
  );
}
