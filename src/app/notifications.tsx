import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import type {
  MarkAllReadResponse,
  Notification,
  NotificationsPage,
} from '../../schemas/notifications.schema';
import { api, unwrap } from '../api/client';

/**
 * Notifications in the browser (docs/decisions/015-notifications-live-stream.md): one store for the signed-in
 * user, shared by the bell in the shell and the /notifications list. It reads the first page and the unread count,
 * then listens on the server-sent event stream (opened with a single-use ticket) and adds what arrives; when the
 * stream drops it reads again and reconnects with a new ticket.
 */

export type NotificationsService = {
  list: (cursor: string | null) => Promise<NotificationsPage>;
  markRead: (id: string) => Promise<Notification>;
  markAllRead: () => Promise<MarkAllReadResponse>;
  /**
   * Opens the live stream: `onNotification` for each new one, `onDrop` when the stream ended for good (the store
   * reconnects). Returns the function that closes it.
   */
  connect: (handlers: { onNotification: (n: Notification) => void; onDrop: () => void }) => () => void;
};

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

export const apiNotificationsService: NotificationsService = {
  list: (cursor) =>
    unwrap(api.GET('/api/merchants/notifications/', { params: { query: cursor ? { cursor } : {} } })),
  markRead: (id) => unwrap(api.POST('/api/merchants/notifications/{id}/read/', { params: { path: { id } } })),
  markAllRead: () => unwrap(api.POST('/api/merchants/notifications/read_all/')),
  connect: connectLive,
};

export type NotificationsState = {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  items: Notification[];
  nextCursor: string | null;
  unreadCount: number;
  loadingMore: boolean;
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

export type NotificationsStore = NotificationsState & {
  reload: () => void;
  loadMore: () => void;
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
};

const NotificationsContext = createContext<NotificationsStore | null>(null);

/** The service the shell's store uses: the API by default; tests provide their own. */
export const NotificationsServiceContext = createContext<NotificationsService>(apiNotificationsService);

/** Waits between reconnects of a dropped stream: 2 s, 4 s, ... up to a minute. */
const reconnectDelay = (attempt: number) => Math.min(60_000, 2_000 * 2 ** Math.min(attempt, 5));

export function NotificationsProvider({
  enabled,
  service: given,
  children,
}: {
  /** Signed in: read and listen. Signed out: nothing, and what was held is forgotten. */
  enabled: boolean;
  service?: NotificationsService;
  children: ReactNode;
}) {
  const fromContext = useContext(NotificationsServiceContext);
  const service = given ?? fromContext;
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
    if (!enabled) return;
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
  }, [enabled, service, reload]);

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
  return <NotificationsContext.Provider value={store}>{children}</NotificationsContext.Provider>;
}

/** The signed-in user's notifications; null outside a NotificationsProvider. */
export function useNotifications(): NotificationsStore | null {
  return useContext(NotificationsContext);
}
