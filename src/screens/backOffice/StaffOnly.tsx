import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { staffCanAccess, type StaffArea } from '../../../schemas/permissions';
import { useBackOffice } from '../../app/backOfficeContext';
import { Alert, Page } from '../../ui/Layout';

const m = defineMessages({
  refused: {
    id: 'backOffice.guard.refused',
    defaultMessage: 'Your back-office role does not include this page. Ask an admin if you need it.',
  },
  home: { id: 'backOffice.guard.home', defaultMessage: 'Back to the overview' },
});

/**
 * A page of one staff area: shown only to the roles the permission table gives it (schemas/permissions.ts
 * `staffAreaRoles`). The server refuses the same roles (403); this says so in words instead of a failed load.
 */
export function StaffOnly({ area, children }: { area: StaffArea; children: ReactNode }) {
  const intl = useIntl();
  const { session } = useBackOffice();
  const role = useSelector(session, (snapshot) => snapshot.context.staff?.role ?? null);
  if (role && staffCanAccess(role, area)) return children;
  return (
    <Page>
      <Alert role="alert">{intl.formatMessage(m.refused)}</Alert>
      <Link to="/back-office">{intl.formatMessage(m.home)}</Link>
    </Page>
  );
}
