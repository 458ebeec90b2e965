import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { UserInfo } from '../../schemas/auth.schema';
import { BottomBar } from './BottomBar';
import { GroupedNav } from './GroupedNav';
import { usePhoneLayout } from './usePhoneLayout';

/** Beside <main> from tablet width up; stays in view while the page scrolls, and scrolls itself on short screens. */
const Sidebar = styled.nav`
  position: sticky;
  top: 0;
  align-self: start;
  max-height: 100vh;
  overflow-y: auto;
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(3)}`};
`;

/**
 * The signed-in navigation, each destination shown only to a user whose role opens its area (schemas/permissions.ts;
 * the server refuses the rest anyway): grouped in a sidebar from tablet width up, a bottom bar with a "More" sheet on
 * phones. Its own chunk: /login never shows it (src/app/AppShell.tsx).
 */
export function MainNav({ user }: { user: UserInfo }) {
  const intl = useIntl();
  const phone = usePhoneLayout();
  if (phone) return <BottomBar user={user} />;
  return (
    <Sidebar aria-label={intl.formatMessage({ id: 'app.nav.label', defaultMessage: 'Main' })}>
      <GroupedNav user={user} />
    </Sidebar>
  );
}
