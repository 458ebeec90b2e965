import { useEffect, useId, useState, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { InAppPlacement, SponsoredCampaign } from '../../../schemas/advertising.schema';
import { api, unwrap } from '../../api/client';
import { followSponsored, isHttps, sponsoredClicksFromApi } from '../../app/sponsoredClicks';
import { sponsoredText as m } from './advertisingMessages';

/**
 * Another merchant's advertisement in an in-app placement (issue 21): the home's sponsored card (`dashboard`) and the
 * wallet page's sponsored entry (`wallet_directory`). The server picks the campaign and counts the impression
 * (GET /api/merchants/advertising/placements/); a click is recorded (POST .../placements/{id}/click/) before the
 * link opens in a new tab. An advertisement never stands in the way: when none runs, or reading it fails, nothing is
 * shown, and a click whose recording fails still opens the link.
 */

export type SponsoredSource = {
  load: (placement: InAppPlacement, signal: AbortSignal) => Promise<SponsoredCampaign | null>;
  /** Records the click; answers the link to open. */
  click: (campaign: SponsoredCampaign) => Promise<string>;
  /** Opens the link in a new tab, without giving the page a handle on this one. */
  open: (link: string) => void;
};

export const sponsoredFromApi: SponsoredSource = {
  load: async (placement, signal) =>
    (
      await unwrap(
        api.GET('/api/merchants/advertising/placements/', { params: { query: { placement } }, signal }),
      )
    ).campaign,
  click: (campaign) => sponsoredClicksFromApi.click(campaign.id, campaign.placement),
  open: sponsoredClicksFromApi.open,
};

const Aside = styled.aside`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  a {
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

const Label = styled.span`
  font-size: 0.875rem;
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function SponsoredCard({
  placement,
  source = sponsoredFromApi,
}: {
  placement: InAppPlacement;
  source?: SponsoredSource;
}) {
  const intl = useIntl();
  const labelId = useId();
  const [campaign, setCampaign] = useState<SponsoredCampaign | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    source.load(placement, controller.signal).then(
      (found) => {
        if (!controller.signal.aborted) setCampaign(found && isHttps(found.link) ? found : null);
      },
      // No advertisement then: the page is whole without one.
      () => undefined,
    );
    return () => controller.abort();
  }, [placement, source]);

  if (!campaign) return null;

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    followSponsored({ click: () => source.click(campaign), open: source.open }, campaign.link);
  };

  return (
    <Aside aria-labelledby={labelId}>
      <Label id={labelId}>{intl.formatMessage(m.label)}</Label>
      <a href={campaign.link} target="_blank" rel="noopener sponsored" onClick={onClick}>
        {campaign.headline}
      </a>
      <small>{intl.formatMessage(m.by, { advertiser: campaign.advertiser })}</small>
    </Aside>
  );
}

export default SponsoredCard;
