import { Check, ChevronDown, Wallet } from 'lucide-react';
import { useCallback, useContext, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { Link, matchPath, useLocation } from 'react-router';
import styled from 'styled-components';
import type { CoreBankingAccount } from '../../schemas/accounts.schema';
import { api, unwrap } from '../api/client';
import { onMoneyChanged } from '../api/moneyEvents';
import { formatMoney } from '../i18n/formatMoney';
import { theme } from '../ui/theme';
import {
  accountPath,
  AccountsServiceContext,
  chooseCurrentAccount,
  useCurrentAccount,
  type LoadAccounts,
} from './currentAccount';

export const accountSwitcherMessages = {
  account: defineMessage<{ currency: string }>({
    id: 'app.account.name',
    defaultMessage: '{currency} account',
  }),
  /** The button's accessible name: starts with its visible words (WCAG 2.5.3), then says what it does. */
  switcher: defineMessage<{ currency: string }>({
    id: 'app.account.switcher',
    defaultMessage: '{currency} account, switch account',
  }),
  list: defineMessage({ id: 'app.account.list', defaultMessage: 'Your accounts' }),
  available: defineMessage<{ amount: string }>({
    id: 'app.account.available',
    defaultMessage: '{amount} available',
  }),
};

const loadFromApi: LoadAccounts = (signal) =>
  unwrap(api.GET('/api/merchants/core_banking_accounts/', { signal }));

/** The addresses that name an account: on them, the account they show is the current one. */
const accountRoutes = ['/my-wallet/my-accounts/:accountType', '/my-wallet/:accountType/send-money/*'];

function accountTypeIn(pathname: string): string | null {
  for (const pattern of accountRoutes) {
    const found = matchPath(pattern, pathname)?.params.accountType;
    if (found) return found.toLowerCase();
  }
  return null;
}

/**
 * The accounts, read when the switcher appears, again after money moved in this app and whenever the list opens
 * (money may have arrived from outside). The figures shown stay until new ones arrive; a failed read keeps them, and
 * with none yet the switcher stays away: the wallet's own pages say what failed.
 */
function useAccounts(): { accounts: CoreBankingAccount[] | null; refresh: () => void } {
  const load = useContext(AccountsServiceContext) ?? loadFromApi;
  const [accounts, setAccounts] = useState<CoreBankingAccount[] | null>(null);
  const [reads, setReads] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (response) => setAccounts(response.accounts),
      () => undefined,
    );
    return () => controller.abort();
  }, [load, reads]);
  useEffect(() => onMoneyChanged(() => setReads((n) => n + 1)), []);
  const refresh = useCallback(() => setReads((n) => n + 1), []);
  return { accounts, refresh };
}

/** Anchored to the switcher from tablet width up; on phones the list spans the header's width below it. */
const Wrapper = styled.div`
  flex: none;
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    position: relative;
  }
`;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 44px;
  min-width: 44px;
  padding: ${({ theme }) => `0 ${theme.space(2)}`};
  border: 1px solid ${({ theme }) => theme.colors.inputBorder};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  svg {
    flex: none;
  }
  @media not all and (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    padding: ${({ theme }) => `0 ${theme.space(1)}`};
    gap: 2px;
  }
`;

/**
 * "EUR account" from desktop width up; below it the currency alone, as the row also holds the merchant's name there
 * (the button's accessible name still says it all).
 */
const Words = styled.span`
  @media not all and (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    display: none;
  }
`;

const Code = styled.span`
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    display: none;
  }
`;

/** On phones the icon and the currency alone: the row has no room to spare. */
const Chevron = styled(ChevronDown)`
  @media not all and (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    display: none;
  }
`;

const Panel = styled.ul`
  position: absolute;
  z-index: 950;
  top: calc(100% + ${({ theme }) => theme.space(1)});
  left: ${({ theme }) => theme.space(2)};
  right: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: ${({ theme }) => theme.space(1)};
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  box-shadow: ${({ theme }) => theme.shadow};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    left: 0;
    right: auto;
    min-width: 18rem;
  }
`;

const Choice = styled(Link)`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  column-gap: ${({ theme }) => theme.space(3)};
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radii.small};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.background};
  }
  &[aria-current='true'] {
    background: ${({ theme }) => theme.colors.navCurrent};
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  /* Inside the link: an outline outside would be cut off at the list's rounded edge. */
  &:focus-visible {
    outline-offset: -3px;
  }
  svg {
    grid-row: 1 / span 2;
    grid-column: 2;
  }
`;

const ChoiceName = styled.span`
  font-weight: 600;
`;

const ChoiceBalance = styled.span`
  font-size: 0.875rem;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
  [aria-current='true'] > & {
    color: inherit;
  }
`;

/**
 * The header's account switcher (issue 19): a disclosure (WAI-ARIA APG) whose button names the current account and
 * whose list holds the merchant's accounts with their available balances, each a link to the account. Opening moves
 * focus to the current account; the arrow keys, Home and End move through the list; Escape closes it and returns
 * focus to the button; leaving it by Tab or a click elsewhere closes it. Rendered only for a user who may open the
 * accounts (`mayChooseAccount` in ./currentAccount.ts); the server refuses everyone else anyway.
 */
export function AccountSwitcher() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  // Remembers the page the list was opened on: going elsewhere (a link, the browser's Back) closes it for good, so
  // coming back to that page does not find it open again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  if (openOn !== null && openOn !== pathname) setOpenOn(null);
  const open = openOn === pathname;
  const { accounts, refresh } = useAccounts();
  const chosen = useCurrentAccount();
  const onPage = accountTypeIn(pathname);
  const current =
    accounts?.find((account) => account.account_type === onPage) ??
    accounts?.find((account) => account.account_type === chosen) ??
    accounts?.[0];

  // An account opened by its address (a link, the wallet, the browser's Back) becomes the current one too.
  useEffect(() => {
    if (onPage && accounts?.some((account) => account.account_type === onPage)) chooseCurrentAccount(onPage);
  }, [onPage, accounts]);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && wrapper.current?.contains(event.target)) return;
      setOpenOn(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  if (!accounts || !current) return null;

  const show = () => {
    setOpenOn(pathname);
    refresh();
  };

  const close = () => {
    setOpenOn(null);
    toggle.current?.focus();
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = [...(list.current?.querySelectorAll<HTMLElement>('a') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLElement);
    const target =
      event.key === 'ArrowDown'
        ? links[(at + 1) % links.length]
        : event.key === 'ArrowUp'
          ? links[(at - 1 + links.length) % links.length]
          : event.key === 'Home'
            ? links[0]
            : event.key === 'End'
              ? links[links.length - 1]
              : undefined;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (target) {
      event.preventDefault();
      target.focus();
    }
  };

  const onToggleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      show();
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpenOn(null);
    }
  };

  const currency = current.currency;
  return (
    <Wrapper
      ref={wrapper}
      onBlur={(event) => {
        if (open && !(event.relatedTarget instanceof Node && wrapper.current?.contains(event.relatedTarget)))
          setOpenOn(null);
      }}
    >
      <Toggle
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={intl.formatMessage(accountSwitcherMessages.switcher, { currency })}
        title={intl.formatMessage(accountSwitcherMessages.account, { currency })}
        onClick={() => (open ? setOpenOn(null) : show())}
        onKeyDown={onToggleKey}
      >
        <Wallet aria-hidden="true" focusable="false" size={theme.shell.iconSize} />
        <Words>{intl.formatMessage(accountSwitcherMessages.account, { currency })}</Words>
        <Code>{currency}</Code>
        <Chevron aria-hidden="true" focusable="false" size={16} />
      </Toggle>
      {open ? (
        <Panel
          ref={list}
          id={listId}
          aria-label={intl.formatMessage(accountSwitcherMessages.list)}
          onKeyDown={onListKey}
        >
          {accounts.map((account) => {
            const isCurrent = account.account_type === current.account_type;
            const to = accountPath(account.account_type);
            return (
              <li key={account.id}>
                <Choice
                  to={to}
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={() => {
                    chooseCurrentAccount(account.account_type);
                    // Another page moves focus to its heading (src/app/PageAnnouncer.tsx); the same page does not.
                    if (to === pathname) close();
                  }}
                >
                  <ChoiceName>
                    {intl.formatMessage(accountSwitcherMessages.account, { currency: account.currency })}
                  </ChoiceName>
                  <ChoiceBalance>
                    {intl.formatMessage(accountSwitcherMessages.available, {
                      amount: formatMoney(intl, account.available_balance),
                    })}
                  </ChoiceBalance>
                  {isCurrent ? (
                    <Check aria-hidden="true" focusable="false" size={theme.shell.iconSize} />
                  ) : null}
                </Choice>
              </li>
            );
          })}
        </Panel>
      ) : null}
    </Wrapper>
  );
}
