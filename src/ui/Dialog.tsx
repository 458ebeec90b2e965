import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
  display: flex;
  align-items: flex-end;
  justify-content: center;
  padding: ${({ theme }) => theme.space(4)};
  z-index: 1000;
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    align-items: center;
  }
`;

/** The dialog's panel, exported alone for the style guide (src/screens/dev/StyleGuideScreen.tsx) to show it at rest. */
export const DialogPanel = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.medium};
  box-shadow: ${({ theme }) => theme.elevation.overlay};
  padding: ${({ theme }) => theme.space(6)};
  width: 100%;
  max-width: 28rem;
  &:focus {
    outline: none;
  }
`;

export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(6)};
`;

const focusable =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type DialogProps = {
  title: string;
  children?: ReactNode;
  /** The buttons. The one marked `data-autofocus` (else the first) gets the focus when the dialog opens. */
  actions: ReactNode;
  /** Escape calls this (WAI-ARIA APG dialog pattern); without it Escape does nothing. */
  onEscape?: () => void;
};

/**
 * A modal dialog (WAI-ARIA APG): role="dialog", aria-modal, named by its title, described by its body; focus moves
 * in when it opens, Tab stays inside, and focus returns to where it was when it closes.
 */
export function Dialog({ title, children, actions, onEscape }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const actions = panel.current?.querySelector('[data-dialog-actions]');
    const target =
      actions?.querySelector<HTMLElement>('[data-autofocus]') ??
      actions?.querySelector<HTMLElement>(focusable);
    (target ?? panel.current)?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onEscape) {
      event.stopPropagation();
      onEscape();
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

  return createPortal(
    <Backdrop>
      <DialogPanel
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children ? <div id={bodyId}>{children}</div> : null}
        <DialogActions data-dialog-actions="">{actions}</DialogActions>
      </DialogPanel>
    </Backdrop>,
    document.body,
  );
}
