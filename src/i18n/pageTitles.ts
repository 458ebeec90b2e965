import { defineMessages } from 'react-intl';

/**
 * Titles of pages that another page links to by name: the page's heading and the links to it read the same message,
 * so the words a user clicks are the words they land on.
 */
export const pageTitles = defineMessages({
  requestMoney: { id: 'requestMoney.title', defaultMessage: 'Request money' },
  pendingRequests: { id: 'pendingRequests.title', defaultMessage: 'Pending requests' },
  scheduledPayments: { id: 'scheduledPayments.title', defaultMessage: 'Scheduled payments' },
});
