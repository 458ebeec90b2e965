import { useState } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { Notification } from '../../../schemas/notifications.schema';
import { useNotifications } from '../../app/notifications';
import {
  followSponsored,
  isHttps,
  sponsoredClicksFromApi,
  type SponsoredClicks,
} from '../../app/sponsoredClicks';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Card, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { notificationLink, notificationText } from './notificationText';

const m = defineMessages({
  title: { id: 'notifications.title', defaultMessage: 'Notifications' },
  markAll: { id: 'notifications.markAll', defaultMessage: 'Mark all as read' },
  markOne: { id: 'notifications.markOne', defaultMessage: 'Mark as read' },
  unread: { id: 'notifications.unread', defaultMessage: 'Unread' },
  read: { id: 'notifications.read', defaultMessage: 'Read' },
  open: { id: 'notifications.open', defaultMessage: 'Open' },
  empty: {
    id: 'notifications.empty',
    defaultMessage: 'No notifications yet. We will tell you here when something happens.',
  },
  more: { id: 'notifications.more', defaultMessage: 'Show older notifications' },
  failed: { id: 'notifications.failed', defaultMessage: 'We could not load your notifications.' },
  retry: { id: 'notifications.retry', defaultMessage: 'Try again' },
  markFailed: { id: 'notifications.markFailed', defaultMessage: 'Could not mark as read, try again later.' },
  list: { id: 'notifications.list', defaultMessage: 'Your notifications' },
});

const unreadSummary = defineMessage<{ count: number }>({
  id: 'notifications.unreadSummary',
  defaultMessage: '{count, plural, =0 {Everything is read.} one {# unread} other {# unread}}',
});
const markOneLabel = defineMessage<{ text: string }>({
  id: 'notifications.markOneLabel',
  defaultMessage: 'Mark as read: {text}',
});
const openLabel = defineMessage<{ text: string }>({
  id: 'notifications.openLabel',
  defaultMessage: 'Open: {text}',
});

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled.li<{ $unread: boolean }>`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => `${theme.space(3)} 0 ${theme.space(3)} ${theme.space(3)}`};
  border-left: 4px solid ${({ theme, $unread }) => ($unread ? theme.colors.primary : 'transparent')};
  &:first-child {
    border-top: none;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-weight: ${({ $unread }) => ($unread ? 700 : 400)};
  }
`;

const Meta = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

/** Another merchant's campaign pushed to this one: its https link, followed through the click's recording. */
function sponsoredOf(notification: Notification): { campaignId: string; link: string } | null {
  const { campaign_id: campaignId, link } = notification.params;
  if (notification.kind !== 'sponsored_campaign' || !campaignId || !link || !isHttps(link)) return null;
  return { campaignId, link };
}

function NotificationItem({
  notification,
  onRead,
  sponsored,
}: {
  notification: Notification;
  onRead: (id: string) => void;
  sponsored: SponsoredClicks;
}) {
  const intl = useIntl();
  const text = notificationText(intl, notification);
  const link = notificationLink(notification);
  const advertisement = sponsoredOf(notification);
  const unread = !notification.read;
  return (
    <Item $unread={unread} data-unread={unread}>
      <p>{text}</p>
      <Row>
        <Meta>{intl.formatMessage(unread ? m.unread : m.read)}</Meta>
        <Meta>
          <time dateTime={notification.created_at}>
            {intl.formatDate(notification.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </Meta>
        {link ? (
          <Link
            to={link}
            aria-label={intl.formatMessage(openLabel, { text })}
            onClick={() => unread && onRead(notification.id)}
          >
            {intl.formatMessage(m.open)}
          </Link>
        ) : null}
        {advertisement ? (
          <a
            href={advertisement.link}
            target="_blank"
            rel="noopener sponsored"
            aria-label={intl.formatMessage(openLabel, { text })}
            onClick={(event) => {
              event.preventDefault();
              if (unread) onRead(notification.id);
              followSponsored(
                {
                  click: () => sponsored.click(advertisement.campaignId, 'push_notification'),
                  open: sponsored.open,
                },
                advertisement.link,
              );
            }}
          >
            {intl.formatMessage(m.open)}
          </a>
        ) : null}
        {unread ? (
          <Button
            variant="quiet"
            onClick={() => onRead(notification.id)}
            aria-label={intl.formatMessage(markOneLabel, { text })}
          >
            {intl.formatMessage(m.markOne)}
          </Button>
        ) : null}
      </Row>
    </Item>
  );
}

/** /notifications: read and unread, newest first, updated live; mark one or all as read (SPEC §2, §4). */
export function NotificationsScreen({
  sponsored = sponsoredClicksFromApi,
}: {
  /** Records and opens a pushed advertisement's link; the API unless a test answers itself. */
  sponsored?: SponsoredClicks;
}) {
  const intl = useIntl();
  const store = useNotifications();
  const [busy, setBusy] = useState(false);
  if (!store || store.status === 'idle' || store.status === 'loading') return <PageSpinner />;

  const failed = () => notify('danger', intl.formatMessage(m.markFailed));
  const onRead = (id: string) => {
    store.markRead(id).catch(failed);
  };
  const onReadAll = () => {
    setBusy(true);
    store
      .markAllRead()
      .catch(failed)
      .finally(() => setBusy(false));
  };

  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      {store.status === 'failed' ? (
        <Card role="alert">
          <p>{intl.formatMessage(m.failed)}</p>
          <p>{intl.formatMessage(errorMessages.unknown)}</p>
          <Button variant="secondary" onClick={store.reload}>
            {intl.formatMessage(m.retry)}
          </Button>
        </Card>
      ) : (
        <Card aria-label={intl.formatMessage(m.list)}>
          <Row>
            <Muted role="status">{intl.formatMessage(unreadSummary, { count: store.unreadCount })}</Muted>
            {store.unreadCount > 0 ? (
              <Button variant="secondary" onClick={onReadAll} disabled={busy}>
                {intl.formatMessage(m.markAll)}
              </Button>
            ) : null}
          </Row>
          {store.items.length === 0 ? (
            <Muted>{intl.formatMessage(m.empty)}</Muted>
          ) : (
            <List>
              {store.items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onRead={onRead}
                  sponsored={sponsored}
                />
              ))}
            </List>
          )}
          {store.nextCursor ? (
            <Button variant="secondary" onClick={store.loadMore} disabled={store.loadingMore}>
              <FormattedMessage {...m.more} />
            </Button>
          ) : null}
        </Card>
      )}
    </Page>
  );
}

export default NotificationsScreen;
