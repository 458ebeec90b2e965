import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Card, Page } from '../ui/Layout';

/** The catch-all route (SPEC §2). */
export function NotFoundScreen() {
  return (
    <Page $narrow>
      <Card>
        <h1>
          <FormattedMessage id="notFound.title" defaultMessage="Page not found" />
        </h1>
        <p>
          <FormattedMessage
            id="notFound.body"
            defaultMessage="The address may be mistyped, or the page may have moved."
          />
        </p>
        <Link to="/">
          <FormattedMessage id="notFound.home" defaultMessage="Go to the start page" />
        </Link>
      </Card>
    </Page>
  );
}

export default NotFoundScreen;
