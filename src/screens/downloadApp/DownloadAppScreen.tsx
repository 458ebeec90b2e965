import { useId } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { Card, Grid, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { useQrImage } from '../../ui/useQrImage';
import { LoadFailure } from '../LoadFailure';
import { useLoad } from '../../app/useLoad';
import { loadAppLinksFromApi, type AppLinks, type LoadAppLinks } from './appLinksService';

const m = defineMessages({
  title: { id: 'downloadApp.title', defaultMessage: 'Get the Tameio app' },
  intro: {
    id: 'downloadApp.intro',
    defaultMessage:
      'Your account, cards and payments on your phone. Scan a code with your phone’s camera, or open the link on your phone.',
  },
  appStore: { id: 'downloadApp.appStore', defaultMessage: 'App Store' },
  appStoreFor: { id: 'downloadApp.appStore.for', defaultMessage: 'For iPhone and iPad.' },
  appStoreQr: {
    id: 'downloadApp.appStore.qr',
    defaultMessage: 'QR code that opens Tameio in the App Store',
  },
  appStoreOpen: { id: 'downloadApp.appStore.open', defaultMessage: 'Download on the App Store' },
  googlePlay: { id: 'downloadApp.googlePlay', defaultMessage: 'Google Play' },
  googlePlayFor: { id: 'downloadApp.googlePlay.for', defaultMessage: 'For Android phones and tablets.' },
  googlePlayQr: {
    id: 'downloadApp.googlePlay.qr',
    defaultMessage: 'QR code that opens Tameio on Google Play',
  },
  googlePlayOpen: { id: 'downloadApp.googlePlay.open', defaultMessage: 'Get it on Google Play' },
});

const addressText = defineMessage<{ link: string }>({
  id: 'downloadApp.address',
  defaultMessage: 'Link: {link}',
});

const Store = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  h2,
  p {
    margin: 0;
  }
`;

const QrFrame = styled.div`
  width: 200px;
  height: 200px;
  img {
    width: 200px;
    height: 200px;
    background: #ffffff;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.small};
  }
`;

const StoreLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

const Address = styled.p`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

type StoreTexts = {
  name: MessageDescriptor;
  for: MessageDescriptor;
  qr: MessageDescriptor;
  open: MessageDescriptor;
};

function StoreCard({ link, texts }: { link: string; texts: StoreTexts }) {
  const intl = useIntl();
  const image = useQrImage(link);
  const headingId = useId();
  return (
    <Store aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(texts.name)}</h2>
      <Muted>{intl.formatMessage(texts.for)}</Muted>
      <QrFrame>{image ? <img src={image} alt={intl.formatMessage(texts.qr)} /> : null}</QrFrame>
      <StoreLink href={link} rel="noopener noreferrer" target="_blank">
        {intl.formatMessage(texts.open)}
      </StoreLink>
      <Address>{intl.formatMessage(addressText, { link })}</Address>
    </Store>
  );
}

function Stores({ links }: { links: AppLinks }) {
  return (
    <Grid>
      <StoreCard
        link={links.appStore}
        texts={{ name: m.appStore, for: m.appStoreFor, qr: m.appStoreQr, open: m.appStoreOpen }}
      />
      <StoreCard
        link={links.googlePlay}
        texts={{ name: m.googlePlay, for: m.googlePlayFor, qr: m.googlePlayQr, open: m.googlePlayOpen }}
      />
    </Grid>
  );
}

/**
 * SPEC §2 /download-app, public: the App Store and Google Play links from the server's configuration, each with a QR
 * code drawn in the browser and the link as text (for those who cannot scan).
 */
export function DownloadAppScreen({ loadAppLinks = loadAppLinksFromApi }: { loadAppLinks?: LoadAppLinks }) {
  const intl = useIntl();
  const { state, reload } = useLoad('app-links', loadAppLinks);
  return (
    <Page>
      <h1>
        <FormattedMessage {...m.title} />
      </h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      {state.status === 'loading' ? <PageSpinner /> : null}
      {state.status === 'failed' ? <LoadFailure failure={state.failure} onRetry={reload} /> : null}
      {state.status === 'loaded' ? <Stores links={state.data} /> : null}
    </Page>
  );
}

export default DownloadAppScreen;
