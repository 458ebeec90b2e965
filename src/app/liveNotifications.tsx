import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { Notification, NotificationsPage } from '../../schemas/notifications.schema';
import { api, unwrap } from '../api/client';
import type { NotificationsService, NotificationsState, NotificationsStore } from './notifications';

/*
 * The notifications store (./notifications.tsx): the first page and the unread count, then the live stream, read again
 * and reopened with a new ticket whenever it drops. Loaded once a user is signed in.
 */

/** EventSource with a fresh ticket each time; nothing when the browser has no EventSource. */
function connectLive(handlers: { onNotification: (n: Notification) => void; onDrop: () => void }) {
  if (typeof EventSource === 'undefined') return () => undefined;
  let closed = false;
  let source: EventSource | null = null;
  void unwrap(api.POST('/api/merchants/notifications/stream_ticket/')).then(
    ({ ticket }) => {
      if (closed) return;
      source = new EventSource(`/api/merchants/notifications/stream/?ticket=${encodeURIComponent(ticket)}`);
      source.addEventListener('notification', (event) => {
        try {
          handlers.onNotification(JSON.parse((event as MessageEvent<string>).data) as Notification);
        } catch {
          // A malformed event is skipped; the next read of the list shows the truth.
        }
      });
      // A used ticket cannot reconnect by itself: close and let the store open a new stream.
      source.addEventListener('error', () => {
        source?.close();
        if (!closed) handlers.onDrop();
      });
    },
    () => {
      if (!closed) handlers.onDrop();
    },
  );
  return () => {
    closed = true;
    source?.close();
  };
}

const apiNotificationsService: NotificationsService = {
  list: (cursor) =>
    unwrap(api.GET('/api/merchants/notifications/', { params: { query: cursor ? { cursor } : {} } })),
  markRead: (id) => unwrap(api.POST('/api/merchants/notifications/{id}/read/', { params: { path: { id } } })),
  markAllRead: () => unwrap(api.POST('/api/merchants/notifications/read_all/')),
  connect: connectLive,
};

type Action =
  | { type: 'loading' }
  | { type: 'loaded'; page: NotificationsPage }
  | { type: 'failed' }
  | { type: 'moreLoading' }
  | { type: 'more'; page: NotificationsPage }
  | { type: 'moreFailed' }
  | { type: 'arrived'; notification: Notification }
  | { type: 'read'; notification: Notification }
  | { type: 'allRead'; unreadCount: number }
  | { type: 'reset' };

const initial: NotificationsState = {
  status: 'idle',
  items: [],
  nextCursor: null,
  unreadCount: 0,
  loadingMore: false,
};

function reducer(state: NotificationsState, action: Action): NotificationsState {
  switch (action.type) {
    case 'loading':
      return { ...state, status: state.status === 'loaded' ? 'loaded' : 'loading' };
    case 'loaded':
      return {
        ...state,
        status: 'loaded',
        items: action.page.items,
        nextCursor: action.page.next_cursor,
        unreadCount: action.page.unread_count,
      };
    case 'failed':
      return { ...state, status: state.status === 'loaded' ? 'loaded' : 'failed' };
    case 'moreLoading':
      return { ...state, loadingMore: true };
    case 'more': {
      const known = new Set(state.items.map((n) => n.id));
      return {
        ...state,
        loadingMore: false,
        items: [...state.items, ...action.page.items.filter((n) => !known.has(n.id))],
        nextCursor: action.page.next_cursor,
        unreadCount: action.page.unread_count,
      };
    }
    case 'moreFailed':
      return { ...state, loadingMore: false };
    case 'arrived':
      if (state.items.some((n) => n.id === action.notification.id)) return state;
      return {
        ...state,
        items: [action.notification, ...state.items],
        unreadCount: state.unreadCount + (action.notification.read ? 0 : 1),
      };
    case 'read': {
      const before = state.items.find((n) => n.id === action.notification.id);
      const wasUnread = before ? !before.read : false;
      return {
        ...state,
        items: state.items.map((n) => (n.id === action.notification.id ? action.notification : n)),
        unreadCount: Math.max(0, state.unreadCount - (wasUnread && action.notification.read ? 1 : 0)),
      };
    }
    case 'allRead':
      return {
        ...state,
        items: state.items.map((n) => (n.read ? n : { ...n, read: true, read_at: new Date().toISOString() })),
        unreadCount: action.unreadCount,
      };
    case 'reset':
      return initial;
  }
}

/** Waits between reconnects of a dropped stream: 2 s, 4 s, ... up to a minute. */
const reconnectDelay = (attempt: number) => Math.min(60_000, 2_000 * 2 ** Math.min(attempt, 5));

/** The signed-in user's store, handed to NotificationsProvider through `onStore` each time it changes. */
export default function LiveNotifications({
  service = apiNotificationsService,
  onStore,
}: {
  service?: NotificationsService | undefined;
  onStore: (store: NotificationsStore | null) => void;
}) {
  const [state, dispatch] = useReducer(reducer, initial);
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = generation.current;
    dispatch({ type: 'loading' });
    service.list(null).then(
      (page) => {
        if (generation.current === mine) dispatch({ type: 'loaded', page });
      },
      () => {
        if (generation.current === mine) dispatch({ type: 'failed' });
      },
    );
  }, [service]);

  useEffect(() => {
    generation.current += 1;
    reload();
    let attempt = 0;
    let close: () => void = () => undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      close = service.connect({
        onNotification: (notification) => {
          attempt = 0;
          dispatch({ type: 'arrived', notification });
        },
        onDrop: () => {
          if (stopped) return;
          close();
          timer = setTimeout(() => {
            // Whatever arrived while the stream was down shows after this read.
            reload();
            open();
          }, reconnectDelay(attempt));
          attempt += 1;
        },
      });
    };
    open();
    return () => {
      stopped = true;
      generation.current += 1;
      if (timer) clearTimeout(timer);
      close();
      dispatch({ type: 'reset' });
    };
  }, [service, reload]);

  const loadMore = useCallback(() => {
    if (!state.nextCursor || state.loadingMore) return;
    const mine = generation.current;
    dispatch({ type: 'moreLoading' });
    service.list(state.nextCursor).then(
      (page) => {
        if (generation.current === mine) dispatch({ type: 'more', page });
      },
      () => {
        if (generation.current === mine) dispatch({ type: 'moreFailed' });
      },
    );
  }, [service, state.nextCursor, state.loadingMore]);

  const markRead = useCallback(
    async (id: string) => {
      dispatch({ type: 'read', notification: await service.markRead(id) });
    },
    [service],
  );

  const markAllRead = useCallback(async () => {
    const { unread_count } = await service.markAllRead();
    dispatch({ type: 'allRead', unreadCount: unread_count });
  }, [service]);

  const store = useMemo<NotificationsStore>(
    () => ({ ...state, reload, loadMore, markRead, markAllRead }),
    [state, reload, loadMore, markRead, markAllRead],
  );
  useEffect(() => onStore(store), [onStore, store]);
  useEffect(() => () => onStore(null), [onStore]);
  return null;
}
