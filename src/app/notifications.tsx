import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import type {
  MarkAllReadResponse,
  Notification,
  NotificationsPage,
} from '../../schemas/notifications.schema';

/**
 * Notifications in the browser (docs/decisions/015-notifications-live-stream.md): one store for the signed-in
 * user, shared by the bell in the shell and the /notifications list. It reads the first page and the unread count,
 * then listens on the server-sent event stream (opened with a single-use ticket) and adds what arrives; when the
 * stream drops it reads again and reconnects with a new ticket. The store itself (./liveNotifications.tsx) loads once
 * a user is signed in: /login never needs it.
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

export type NotificationsState = {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  items: Notification[];
  nextCursor: string | null;
  unreadCount: number;
  loadingMore: boolean;
};

export type NotificationsStore = NotificationsState & {
  reload: () => void;
  loadMore: () => void;
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
};

const NotificationsContext = createContext<NotificationsStore | null>(null);

/** The service the shell's store uses: the API when none is given; tests provide their own. */
export const NotificationsServiceContext = createContext<NotificationsService | undefined>(undefined);

const LiveNotifications = lazy(() => import('./liveNotifications'));

/**
 * Holds the store for the page below it. The store runs in a sibling of the page, not around it, so the page is
 * never remounted when it starts (after sign-in) or stops (after sign-out).
 */
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
  const [store, setStore] = useState<NotificationsStore | null>(null);
  return (
    <NotificationsContext.Provider value={enabled ? store : null}>
      {children}
      {enabled ? (
        <Suspense fallback={null}>
          <LiveNotifications service={service} onStore={setStore} />
        </Suspense>
      ) : null}
    </NotificationsContext.Provider>
  );
}

/** The signed-in user's notifications; null outside a NotificationsProvider. */
export function useNotifications(): NotificationsStore | null {
  return useContext(NotificationsContext);
}
