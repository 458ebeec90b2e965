import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationsPage } from '../../schemas/notifications.schema';
import { NotificationsServiceContext, type NotificationsService } from '../../src/app/notifications';
import type { SponsoredClicks } from '../../src/app/sponsoredClicks';
import { NotificationsScreen } from '../../src/screens/notifications/NotificationsScreen';
import { renderScreen } from './harness';

// The bell in the shell and the /notifications list, against a service whose answers and live stream the
// test controls: the unread count in the bell's name, texts in English and Greek, mark one and all read, a
// notification arriving live, a dropped stream reconnecting.

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 15, 9, minutes)).toISOString();

const received: Notification = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'money_received',
  params: { amount_minor: '1250', currency: 'EUR', from: 'Demo Bakery', via: 'wallet', transaction_id: 't1' },
  read: false,
  read_at: null,
  created_at: at(3),
};
const declined: Notification = {
  id: '00000000-0000-4000-8000-000000000002',
  kind: 'card_authorization_declined',
  params: {
    amount_minor: '9900',
    currency: 'EUR',
    merchant: 'Big Store',
    last4: '4242',
    reason: 'insufficient_funds',
    card_id: 'c1',
  },
  read: false,
  read_at: null,
  created_at: at(2),
};
const approved: Notification = {
  id: '00000000-0000-4000-8000-000000000003',
  kind: 'onboarding_approved',
  params: { iban: 'GR00' },
  read: true,
  read_at: at(1),
  created_at: at(1),
};
const live: Notification = {
  id: '00000000-0000-4000-8000-000000000004',
  kind: 'money_request_received',
  params: { amount_minor: '700', currency: 'EUR', requester: 'Olive Grove', request_id: 'r1' },
  read: false,
  read_at: null,
  created_at: at(5),
};

function fakeService(items: Notification[]) {
  let store = [...items];
  const streams: Array<{ onNotification: (n: Notification) => void; onDrop: () => void; closed: boolean }> =
    [];
  const page = (): NotificationsPage => ({
    items: store,
    next_cursor: null,
    unread_count: store.filter((n) => !n.read).length,
  });
  const service = {
    list: vi.fn(async () => page()),
    markRead: vi.fn(async (id: string) => {
      store = store.map((n) => (n.id === id ? { ...n, read: true, read_at: at(10) } : n));
      return store.find((n) => n.id === id)!;
    }),
    markAllRead: vi.fn(async () => {
      const marked = store.filter((n) => !n.read).length;
      store = store.map((n) => ({ ...n, read: true, read_at: n.read_at ?? at(10) }));
      return { marked, unread_count: 0 };
    }),
    connect: vi.fn((handlers: { onNotification: (n: Notification) => void; onDrop: () => void }) => {
      const stream = { ...handlers, closed: false };
      streams.push(stream);
      return () => {
        stream.closed = true;
      };
    }),
  } satisfies NotificationsService;
  return {
    service,
    streams,
    /** The server made one: it is stored and pushed on the open stream. */
    push: (n: Notification) => {
      store = [n, ...store];
      const open = streams.filter((s) => !s.closed).at(-1);
      act(() => open?.onNotification(n));
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

function renderShell(
  service: NotificationsService,
  locale: 'en' | 'el' = 'en',
  path = '/',
  sponsored?: SponsoredClicks,
) {
  return renderScreen({
    path,
    locale,
    wrap: (page) => (
      <NotificationsServiceContext.Provider value={service}>{page}</NotificationsServiceContext.Provider>
    ),
    routes: (
      <>
        <Route path="/notifications" element={<NotificationsScreen sponsored={sponsored} />} />
        <Route path="*" element={<p>home</p>} />
      </>
    ),
  }).view;
}

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

describe('the notification bell and list', () => {
  it('shows the unread count, lists read and unread in words, marks one and all read, and adds what arrives live', async () => {
    const user = userEvent.setup();
    const fake = fakeService([received, declined, approved]);
    const view = renderShell(fake.service);

    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    await screen.findByRole('heading', { level: 1, name: 'Notifications' });
    const list = screen.getByRole('region', { name: 'Your notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Demo Bakery sent you €12.50.',
      'A payment of €99.00 at Big Store with the card ending 4242 was declined: the balance was too low.',
      'Your company was approved. Your account is open.',
    ]);
    expect(within(list).getByRole('status').textContent).toBe('2 unread');
    expect(within(items[2]!).getByText('Read')).toBeTruthy();
    expect(within(items[2]!).queryByRole('button', { name: /Mark as read/ })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);

    await user.click(
      within(items[0]!).getByRole('button', { name: 'Mark as read: Demo Bakery sent you €12.50.' }),
    );
    expect(fake.service.markRead).toHaveBeenCalledWith(received.id);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(within(items[0]!).getByText('Read')).toBeTruthy();

    // A notification created on the server arrives on the stream: on top, and counted at once.
    fake.push(live);
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(within(list).getAllByRole('listitem')[0]?.querySelector('p')?.textContent).toBe(
      'Olive Grove asks you for €7.00.',
    );

    await user.click(within(list).getByRole('button', { name: 'Mark all as read' }));
    expect(fake.service.markAllRead).toHaveBeenCalledTimes(1);
    await screen.findByRole('link', { name: 'Notifications, none unread' });
    expect(within(list).queryByRole('button', { name: /Mark as read/ })).toBeNull();
    expect(within(list).getByRole('status').textContent).toBe('Everything is read.');
  });

  it("opens a pushed advertisement's link after recording the click on the push placement, and marks it read", async () => {
    const user = userEvent.setup();
    const pushed: Notification = {
      id: '00000000-0000-4000-8000-000000000005',
      kind: 'sponsored_campaign',
      params: {
        campaign_id: '00000000-0000-4000-8000-0000000000c1',
        advertiser: 'Demo Bakery',
        headline: 'Fresh bread every morning',
        link: 'https://bakery.example.com/bread',
      },
      read: false,
      read_at: null,
      created_at: at(4),
    };
    const forged: Notification = {
      ...pushed,
      id: '00000000-0000-4000-8000-000000000006',
      params: { ...pushed.params, link: 'javascript:alert(1)' },
      read: true,
      read_at: at(4),
    };
    const calls: string[] = [];
    const sponsored: SponsoredClicks = {
      click: async (campaignId, placement) => {
        calls.push(`click ${campaignId} ${placement}`);
        return 'https://bakery.example.com/bread?from=tameio';
      },
      open: (link) => {
        calls.push(`open ${link}`);
      },
    };
    const fake = fakeService([pushed, forged]);
    renderShell(fake.service, 'en', '/notifications', sponsored);
    const list = await screen.findByRole('region', { name: 'Your notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    const open = within(first!).getByRole('link', {
      name: 'Open: Sponsored by Demo Bakery: Fresh bread every morning',
    });
    expect(open.getAttribute('rel')).toBe('noopener sponsored');
    await user.click(open);
    await waitFor(() =>
      expect(calls).toEqual([
        'click 00000000-0000-4000-8000-0000000000c1 push_notification',
        'open https://bakery.example.com/bread?from=tameio',
      ]),
    );
    expect(fake.service.markRead).toHaveBeenCalledWith(pushed.id);
    // Only an https address is ever offered.
    expect(within(second!).queryByRole('link')).toBeNull();
  });

  it('reads again and reconnects with a new stream when the stream drops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeService([declined]);
    renderShell(fake.service);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(fake.service.connect).toHaveBeenCalledTimes(1);
    // While the stream is down the server made one; the reconnect's read shows it.
    act(() => fake.streams[0]?.onDrop());
    fake.push(received);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_100);
    });
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(fake.service.connect).toHaveBeenCalledTimes(2);
    expect(fake.streams[0]?.closed).toBe(true);
    expect(fake.service.list).toHaveBeenCalledTimes(2);
  });

  it('speaks Greek', async () => {
    const fake = fakeService([received, declined, approved]);
    renderShell(fake.service, 'el', '/notifications');
    await screen.findByRole('link', { name: 'Ειδοποιήσεις, 2 μη αναγνωσμένες' });
    await screen.findByRole('heading', { level: 1, name: 'Ειδοποιήσεις' });
    const list = screen.getByRole('region', { name: 'Οι ειδοποιήσεις σας' });
    expect(
      within(list)
        .getAllByRole('listitem')[0]
        ?.querySelector('p')
        ?.textContent?.replace(/\u00a0/g, ' '),
    ).toBe('Η εταιρεία Demo Bakery σας έστειλε 12,50 €.');
    expect(within(list).getByRole('button', { name: 'Σήμανση όλων ως αναγνωσμένων' })).toBeTruthy();
  });

  it('is not there signed out, and the service is not called', async () => {
    const fake = fakeService([received]);
    const app = renderScreen({
      path: '/',
      session: null,
      wrap: (page) => (
        <NotificationsServiceContext.Provider value={fake.service}>
          {page}
        </NotificationsServiceContext.Provider>
      ),
      routes: <Route path="*" element={<p>home</p>} />,
    });
    await waitFor(() => expect(app.session.getSnapshot().matches('unauthenticated')).toBe(true));
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(fake.service.list).not.toHaveBeenCalled();
    expect(fake.service.connect).not.toHaveBeenCalled();
  });
});
