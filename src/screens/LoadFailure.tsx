import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiFailure } from '../../machines/apiFailure';
import { errorMessages } from '../i18n/errorMessages';
import { Button } from '../ui/Button';
import { Alert } from '../ui/Layout';

/** A screen's data could not be loaded: say why in words and offer to try again. */
export function LoadFailure({ failure, onRetry }: { failure: ApiFailure; onRetry: () => void }) {
  const intl = useIntl();
  const reason = failure.kind === 'network' ? errorMessages.network : errorMessages.unknown;
  return (
    <Alert role="alert">
      <p>
        <FormattedMessage id="screen.loadFailed" defaultMessage="We could not load this page." />
      </p>
      <p>{intl.formatMessage(reason)}</p>
      <Button variant="secondary" onClick={onRetry}>
        <FormattedMessage id="screen.retry" defaultMessage="Try again" />
      </Button>
    </Alert>
  );
}
