import { X } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { UserInfo } from '../../schemas/auth.schema';
import { theme } from '../ui/theme';
import { GroupedNav } from './GroupedNav';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: ${({ theme }) => theme.colors.overlay};
  display: flex;
  align-items: flex-end;
`;

const Panel = styled.div`
  width: 100%;
  max-height: calc(100% - ${({ theme }) => theme.space(6)});
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => `${theme.radii.medium} ${theme.radii.medium} 0 0`};
  box-shadow: ${({ theme }) => theme.shadow};
  padding-bottom: env(safe-area-inset-bottom);
  &:focus {
    outline: none;
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)} ${theme.space(2)} ${theme.space(4)}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0;
  }
`;

const Close = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  min-width: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.small};
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
    background: ${({ theme }) => theme.colors.background};
  }
`;

const Scroll = styled.nav`
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(3)}`};
`;

const focusable = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * The phone's full menu (WAI-ARIA APG modal dialog): focus moves to its close button when it opens and stays inside;
 * Escape, the close button or a tap beside it close it, and focus goes back to what opened it. Following a link closes
 * it too, but then focus goes to the page's main content, since the new page replaces what was there.
 */
export function NavSheet({ user, onClose }: { user: UserInfo; onClose: () => void }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(true);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    // The page behind must not scroll under the finger while the sheet is open.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (returnFocus.current && previous?.isConnected) previous.focus();
      else document.getElementById('main')?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <Backdrop onClick={onBackdrop}>
      <Panel
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <Top>
          <h2 id={titleId}>
            <FormattedMessage id="app.nav.sheet.title" defaultMessage="Menu" />
          </h2>
          <Close ref={close} type="button" onClick={() => onClose()}>
            <X aria-hidden="true" focusable="false" size={theme.shell.iconSize} />
            <FormattedMessage id="app.nav.sheet.close" defaultMessage="Close" />
          </Close>
        </Top>
        <Scroll aria-labelledby={titleId}>
          <GroupedNav
            user={user}
            onNavigate={() => {
              returnFocus.current = false;
              onClose();
            }}
          />
        </Scroll>
      </Panel>
    </Backdrop>,
    document.body,
  );
}
