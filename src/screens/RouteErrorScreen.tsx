import { FormattedMessage } from 'react-intl';
import { Button } from '../ui/Button';
import { Card, Page } from '../ui/Layout';

/**
 * Shown when a screen throws while rendering or its code fails to load (typically a new deployment replaced the
 * chunk this page asked for): reloading fetches the current app.
 */
export function RouteErrorScreen() {
  return (
    <Page $narrow>
      <Card role="alert">
        <h1>
          <FormattedMessage id="routeError.title" defaultMessage="Something went wrong" />
        </h1>
        <p>
          <FormattedMessage
            id="routeError.body"
            defaultMessage="This page could not be shown. Reloading usually helps."
          />
        </p>
        <Button onClick={() => window.location.reload()}>
          <FormattedMessage id="routeError.reload" defaultMessage="Reload" />
        </Button>
      </Card>
    </Page>
  );
}
