import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useSessionActor } from './session';
import { useCountdown } from '../ui/useCountdown';

/** SPEC §4: 30 seconds before an idle session ends, offer Stay or Cancel (sign out now). */
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
          <Button variant="secondary" onClick={() => session.send({ type: 'idle.cancel' })}>
            <FormattedMessage id="idle.dialog.cancel" defaultMessage="Cancel" />
          </Button>
          <Button onClick={() => session.send({ type: 'idle.stay' })} data-autofocus="">
            <FormattedMessage id="idle.dialog.stay" defaultMessage="Stay" />
          </Button>
        </>
      }
    >
      <p>
        <FormattedMessage
          id="idle.dialog.body"
          defaultMessage="For your security you will be signed out in {seconds, plural, one {# second} other {# seconds}}. Choose Stay to keep working."
          values={{ seconds: secondsLeft }}
        />
      </p>
    </Dialog>
  );
}

export default IdleWarningDialog;
