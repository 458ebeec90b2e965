import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToastLibrary, toastDurationMs, toastPosition, toastRequests } from './notify';

const Toaster = lazy(() => loadToastLibrary().then((module) => ({ default: module.Toaster })));

/** Where toasts appear; mounted with the first notice (see notify), then stays. */
export function ToastHost() {
  const requested = useSyncExternalStore(
    toastRequests.subscribe,
    toastRequests.requested,
    toastRequests.requested,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position={toastPosition} toastOptions={{ duration: toastDurationMs }} />
    </Suspense>
  );
}
