import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { staffCanAccess, type StaffRole } from '../../../schemas/permissions';
import { useBackOffice } from '../../app/backOfficeContext';
import { LanguageSwitcher } from '../../app/LanguageSwitcher';
import { Button } from '../../ui/Button';
import { backOfficeNav } from './backOfficeNav';

const m = defineMessages({
  title: { id: 'backOffice.shell.title', defaultMessage: 'Tameio back office' },
  nav: { id: 'backOffice.shell.nav', defaultMessage: 'Back office' },
  signOut: { id: 'backOffice.shell.signOut', defaultMessage: 'Sign out' },
  signedInAs: defineMessage<{ name: string; role: string }>({
    id: 'backOffice.shell.signedInAs',
    defaultMessage: '{name}, {role}',
  }),
  reviewer: { id: 'backOffice.role.reviewer', defaultMessage: 'reviewer' },
  operations: { id: 'backOffice.role.operations', defaultMessage: 'operations' },
  admin: { id: 'backOffice.role.admin', defaultMessage: 'admin' },
});

export const roleText: Record<StaffRole, MessageDescriptor> = {
  reviewer: m.reviewer,
  operations: m.operations,
  admin: m.admin,
};

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  a[aria-current='page'] {
    font-weight: ${({ theme }) => theme.weights.semibold};
  }
`;

/** The back office's frame: who is signed in, the menu their role opens, sign out. */
export function BackOfficeShell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { session } = useBackOffice();
  const staff = useSelector(session, (snapshot) => snapshot.context.staff);
  if (!staff) return null;
  return (
    <>
      <Bar>
        <strong>{intl.formatMessage(m.title)}</strong>
        <span>
          {intl.formatMessage(m.signedInAs, {
            name: staff.name,
            role: intl.formatMessage(roleText[staff.role]),
          })}
        </span>
        <LanguageSwitcher />
        <Button variant="secondary" onClick={() => session.send({ type: 'session.signOut' })}>
          {intl.formatMessage(m.signOut)}
        </Button>
      </Bar>
      <nav aria-label={intl.formatMessage(m.nav)}>
        <Links>
          {backOfficeNav
            .filter((item) => staffCanAccess(staff.role, item.area))
            .map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end>
                  {intl.formatMessage(item.label)}
                </NavLink>
              </li>
            ))}
        </Links>
      </nav>
      <main>{children}</main>
    </>
  );
}
