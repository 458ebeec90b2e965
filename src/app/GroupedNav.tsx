import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import type { UserInfo } from '../../schemas/auth.schema';
import { theme } from '../ui/theme';
import { navGroupsFor, type NavGroup } from './navGroups';

const Groups = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Heading = styled.span`
  display: block;
  padding: ${({ theme }) => `0 ${theme.space(3)} ${theme.space(1)}`};
  font-size: 0.8125rem;
  font-weight: 700;
  letter-spacing: 0.02em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/* A named group of links rather than a list: screen readers still announce the group's name on entering it. */
const Links = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(0.5)};
`;

const Link = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radii.small};
  border-left: 4px solid transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-decoration: none;
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
    background: ${({ theme }) => theme.colors.background};
  }
  /* Drawn inside the link: the lists scroll, and an outline outside would be cut off at their edge. */
  &:focus-visible {
    outline-offset: -3px;
  }
  /* Not colour alone: the current page also gets a bar at its edge. */
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryStrong};
    background: ${({ theme }) => theme.colors.navCurrent};
    border-left-color: ${({ theme }) => theme.colors.primary};
    svg {
      color: ${({ theme }) => theme.colors.primaryStrong};
    }
  }
`;

function Group({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const headingId = useId();
  return (
    <div>
      <Heading id={headingId}>
        <FormattedMessage {...group.heading} />
      </Heading>
      <Links role="group" aria-labelledby={headingId}>
        {group.destinations.map((destination) => (
          <Link key={destination.to} to={destination.to} onClick={onNavigate}>
            <destination.icon aria-hidden="true" focusable="false" size={theme.shell.iconSize} />
            <FormattedMessage {...destination.label} />
          </Link>
        ))}
      </Links>
    </div>
  );
}

/**
 * Every destination the user's role opens, under the group headings Money, Cards, Company and Settings; each heading
 * names its group of links for screen readers. Shown in the sidebar and in the phone's "More" sheet.
 */
export function GroupedNav({ user, onNavigate }: { user: UserInfo; onNavigate?: () => void }) {
  return (
    <Groups>
      {navGroupsFor(user).map((group) => (
        <Group key={group.id} group={group} onNavigate={onNavigate} />
      ))}
    </Groups>
  );
}
