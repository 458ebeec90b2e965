import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useSessionActor } from './session';
import { useCountdown } from '../ui/useCountdown';

/**
 * SPEC §4: before an idle session ends, offer to stay or to sign out now. Nothing that reads as "close" signs out
 * (a "Cancel" that did surprised merchants): Escape stays, and signing out is a button that says so.
 */
export function IdleWarningDialog() {
  const session = useSessionActor();
  const intl = useIntl();
  const warningMs = useSelector(session, (snapshot) => snapshot.context.idleWarningMs);
  const secondsLeft = useCountdown(Math.round(warningMs / 1000));
  return (
    <Dialog
      title={intl.formatMessage({ id: 'idle.dialog.title', defaultMessage: 'Are you still there?' })}
      onEscape={() => session.send({ type: 'idle.stay' })}
      actions={
        <>
          <Button variant="secondary" onClick={() => session.send({ type: 'idle.signOut' })}>
            <FormattedMessage id="idle.dialog.signOut" defaultMessage="Sign out now" />
          </Button>
          <Button onClick={() => session.send({ type: 'idle.stay' })} data-autofocus="">
            <FormattedMessage id="idle.dialog.staySignedIn" defaultMessage="Stay signed in" />
          </Button>
        </>
      }
    >
      <p>
        <FormattedMessage
          id="idle.dialog.body"
          defaultMessage="For your security you will be signed out in {seconds, plural, one {# second} other {# seconds}}. Choose Stay signed in to keep working."
          values={{ seconds: secondsLeft }}
        />
      </p>
    </Dialog>
  );
}

export default IdleWarningDialog;
