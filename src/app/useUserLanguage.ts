import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { selectUser } from '../../machines/session.machine';
import { useLocale } from '../i18n/LocaleProvider';
import { useSessionActor } from './session';

/**
 * The language is stored on the user (settings), so it follows them to another device. When someone signs in
 * here (the session passed through "unauthenticated": the login or registration journey), the app switches to their
 * language. A session restored from the refresh cookie keeps the page's language: it was signed in on this browser,
 * which applied it then, and the header's switcher may have changed it since.
 */
export function useUserLanguage(): void {
  const session = useSessionActor();
  const user = useSelector(session, selectUser);
  const signedOut = useSelector(session, (snapshot) => snapshot.matches('unauthenticated'));
  const { setLocale } = useLocale();
  const sawSignIn = useRef(false);
  useEffect(() => {
    if (signedOut) sawSignIn.current = true;
  }, [signedOut]);
  useEffect(() => {
    if (!user || !sawSignIn.current) return;
    sawSignIn.current = false;
    void setLocale(user.language);
  }, [user, setLocale]);
}
