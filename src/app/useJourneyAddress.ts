import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The address bar follows a journey that spans several addresses (SPEC §2) without driving it, like the identity
 * verification screen: each step's address replaces the last one (so Back leaves the journey rather than fighting
 * it). An address the journey did not set itself (a link or the nav bar pointing at another of its addresses) starts
 * it afresh from there: `run` changes, and the screen keys the journey on it.
 */
export function useJourneyAddress(): { run: number; follow: (path: string | null) => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const [run, setRun] = useState(0);
  /** The address the journey last asked for; null until it has asked for one. */
  const set = useRef<string | null>(null);
  const here = useRef(location.pathname);
  /** The address last seen here: only a change of address can be the user going elsewhere. */
  const seen = useRef(location.pathname);
  // Layout effects run before any passive effect, so the journey's `follow` (called from one) sees this address.
  useLayoutEffect(() => {
    here.current = location.pathname;
  }, [location.pathname]);

  useEffect(() => {
    if (location.pathname === seen.current) return;
    seen.current = location.pathname;
    if (set.current !== null && location.pathname !== set.current) {
      set.current = null;
      setRun((n) => n + 1);
    }
  }, [location.pathname]);

  const follow = useCallback(
    (path: string | null) => {
      if (path === null || path === set.current) return;
      set.current = path;
      if (here.current !== path) void navigate(path, { replace: true });
    },
    [navigate],
  );

  return { run, follow };
}
