import { defineMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { useNotifications } from './notifications';

const label = defineMessage<{ count: number }>({
  id: 'notifications.bell.label',
  defaultMessage:
    '{count, plural, =0 {Notifications, none unread} one {Notifications, # unread} other {Notifications, # unread}}',
});

const many = defineMessage<{ count: string }>({ id: 'notifications.bell.many', defaultMessage: '{count}+' });

const BellLink = styled(NavLink)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radii.small};
  color: ${({ theme }) => theme.colors.text};
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primary};
  }
  svg {
    width: 24px;
    height: 24px;
  }
`;

const Badge = styled.span`
  position: absolute;
  top: 2px;
  right: 0;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: 10px;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 20px;
  text-align: center;
`;

/** The bell in the shell: the unread count, live; leads to /notifications. */
export function NotificationBell() {
  const intl = useIntl();
  const store = useNotifications();
  const count = store?.unreadCount ?? 0;
  return (
    <BellLink to="/notifications" aria-label={intl.formatMessage(label, { count })}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {count > 0 ? (
        <Badge aria-hidden="true">
          {count > 99 ? intl.formatMessage(many, { count: intl.formatNumber(99) }) : intl.formatNumber(count)}
        </Badge>
      ) : null}
    </BellLink>
  );
}
