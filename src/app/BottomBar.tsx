import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router';
import styled, { createGlobalStyle, css } from 'styled-components';
import type { UserInfo } from '../../schemas/auth.schema';
import { theme } from '../ui/theme';
import { NavSheet } from './NavSheet';
import { bottomBarDestinationsFor } from './navGroups';

/** Fixed to the bottom edge, above the home indicator of phones that have one; the shell pads the page to match. */
const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 900;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-bottom: env(safe-area-inset-bottom);
  /* Equal columns where the words fit; a longer word widens its own column and is never broken. Should the words not
     fit at all (very large text), the bar scrolls sideways rather than hide "More". */
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: minmax(min-content, 1fr);
    min-height: ${({ theme }) => theme.shell.bottomBarHeight};
    overflow-x: auto;
  }
  li {
    display: flex;
  }
`;

/**
 * A field or button focused near the bottom is scrolled above the bar, not under it (WCAG 2.2 2.4.11); what else sits
 * at the bottom of the screen (the toasts, src/ui/ToastHost.tsx) reads the bar's height from --bottom-bar-offset.
 */
const ScrollAboveBar = createGlobalStyle`
  html {
    --bottom-bar-offset: calc(${({ theme }) => theme.shell.bottomBarHeight} + env(safe-area-inset-bottom));
    scroll-padding-bottom: var(--bottom-bar-offset);
  }
`;

const item = css`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(0.5)};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(0.5)}`};
  border: 0;
  border-top: 3px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  &:focus-visible {
    outline-offset: -3px;
  }
  svg {
    flex: none;
  }
`;

const Link = styled(NavLink)`
  ${item}
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryStrong};
    background: ${({ theme }) => theme.colors.navCurrent};
    border-top-color: ${({ theme }) => theme.colors.primary};
  }
`;

const More = styled.button`
  ${item}
`;

/**
 * The phone's navigation: the four most used destinations the user may open, and "More", which opens the whole menu
 * in a sheet (src/app/NavSheet.tsx).
 */
export function BottomBar({ user }: { user: UserInfo }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  // Remembers the page the sheet was opened on: going elsewhere (a link, the browser's Back) closes it for good, so
  // coming back to that page (the browser's Forward) does not find it open again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  if (openOn !== null && openOn !== pathname) setOpenOn(null);
  const open = openOn === pathname;
  return (
    <Bar aria-label={intl.formatMessage({ id: 'app.nav.label', defaultMessage: 'Main' })}>
      <ScrollAboveBar />
      <ul>
        {bottomBarDestinationsFor(user).map((destination) => (
          <li key={destination.to}>
            <Link to={destination.to}>
              <destination.icon aria-hidden="true" focusable="false" size={theme.shell.iconSize} />
              <FormattedMessage {...destination.label} />
            </Link>
          </li>
        ))}
        <li>
          <More type="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpenOn(pathname)}>
            <Ellipsis aria-hidden="true" focusable="false" size={theme.shell.iconSize} />
            <FormattedMessage id="app.nav.more" defaultMessage="More" />
          </More>
        </li>
      </ul>
      {open ? <NavSheet user={user} onClose={() => setOpenOn(null)} /> : null}
    </Bar>
  );
}
