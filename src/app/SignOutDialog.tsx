import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useSessionActor } from './session';

/** "Sign out?" confirmation (SPEC §2 logout confirmation); Escape and Cancel keep the session. */
export function SignOutDialog() {
  const session = useSessionActor();
  const intl = useIntl();
  const cancel = () => session.send({ type: 'signOut.cancel' });
  return (
    <Dialog
      title={intl.formatMessage({ id: 'signOut.dialog.title', defaultMessage: 'Sign out?' })}
      onEscape={cancel}
      actions={
        <>
          <Button variant="secondary" onClick={cancel} data-autofocus="">
            <FormattedMessage id="signOut.dialog.cancel" defaultMessage="Cancel" />
          </Button>
          <Button onClick={() => session.send({ type: 'signOut.confirm' })}>
            <FormattedMessage id="signOut.dialog.confirm" defaultMessage="Sign out" />
          </Button>
        </>
      }
    >
      <p>
        <FormattedMessage
          id="signOut.dialog.body"
          defaultMessage="To sign in again you will need your password and a one-time code."
        />
      </p>
    </Dialog>
  );
}

export default SignOutDialog;
