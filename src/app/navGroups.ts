import {
  ArrowLeftRight,
  BadgePercent,
  BookUser,
  ChartColumn,
  CreditCard,
  Gem,
  House,
  LayoutDashboard,
  MapPin,
  Megaphone,
  Settings,
  UserRound,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { UserInfo } from '../../schemas/auth.schema';
import { canAccess, type Area } from '../../schemas/permissions';

const labels = defineMessages({
  dashboard: { id: 'app.nav.dashboard', defaultMessage: 'Dashboard' },
  overview: { id: 'app.nav.overview', defaultMessage: 'Overview' },
  myWallet: { id: 'app.nav.myWallet', defaultMessage: 'My wallet' },
  transactions: { id: 'app.nav.transactions', defaultMessage: 'Transactions' },
  beneficiaries: { id: 'app.nav.beneficiaries', defaultMessage: 'Beneficiaries' },
  cashback: { id: 'app.nav.cashback', defaultMessage: 'Cashback' },
  cards: { id: 'app.nav.cards', defaultMessage: 'Cards' },
  team: { id: 'app.nav.team', defaultMessage: 'Team' },
  addresses: { id: 'app.nav.addresses', defaultMessage: 'Addresses' },
  profile: { id: 'app.nav.profile', defaultMessage: 'Profile' },
  plans: { id: 'app.nav.plans', defaultMessage: 'Plans' },
  analytics: { id: 'app.nav.analytics', defaultMessage: 'Analytics' },
  advertising: { id: 'app.nav.advertising', defaultMessage: 'Advertise with us' },
  settings: { id: 'app.nav.settings', defaultMessage: 'Settings' },
});

const headings = defineMessages({
  money: { id: 'app.nav.group.money', defaultMessage: 'Money' },
  cards: { id: 'app.nav.group.cards', defaultMessage: 'Cards' },
  company: { id: 'app.nav.group.company', defaultMessage: 'Company' },
  settings: { id: 'app.nav.group.settings', defaultMessage: 'Settings' },
});

export type NavDestination = {
  to: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  /** The area whose permission opens it (schemas/permissions.ts); null: every signed-in user may open it. */
  area: Area | null;
};

export type NavGroup = { id: string; heading: MessageDescriptor; destinations: NavDestination[] };

/**
 * Every destination of the signed-in navigation, grouped as a merchant thinks of them. Overview and Settings carry no
 * area: every signed-in user may open them, so the menu has always shown them to all.
 */
const allGroups: readonly NavGroup[] = [
  {
    id: 'money',
    heading: headings.money,
    destinations: [
      { to: '/dashboard', label: labels.dashboard, icon: LayoutDashboard, area: 'dashboard' },
      { to: '/overview', label: labels.overview, icon: House, area: null },
      { to: '/my-wallet', label: labels.myWallet, icon: Wallet, area: 'my-wallet' },
      { to: '/transactions', label: labels.transactions, icon: ArrowLeftRight, area: 'transactions' },
      { to: '/my-beneficiaries', label: labels.beneficiaries, icon: BookUser, area: 'beneficiaries' },
      { to: '/cashback', label: labels.cashback, icon: BadgePercent, area: 'cashback' },
    ],
  },
  {
    id: 'cards',
    heading: headings.cards,
    destinations: [{ to: '/cards', label: labels.cards, icon: CreditCard, area: 'cards' }],
  },
  {
    id: 'company',
    heading: headings.company,
    destinations: [
      { to: '/my-employees', label: labels.team, icon: Users, area: 'my-employees' },
      { to: '/my-addresses', label: labels.addresses, icon: MapPin, area: 'my-addresses' },
      { to: '/profile', label: labels.profile, icon: UserRound, area: 'profile' },
      { to: '/plans', label: labels.plans, icon: Gem, area: 'plans' },
      { to: '/analytics', label: labels.analytics, icon: ChartColumn, area: 'analytics' },
      { to: '/advertise-with-us', label: labels.advertising, icon: Megaphone, area: 'advertise-with-us' },
    ],
  },
  {
    id: 'settings',
    heading: headings.settings,
    destinations: [{ to: '/settings', label: labels.settings, icon: Settings, area: null }],
  },
];

/**
 * The groups with only the destinations the user's role opens; a group left empty is left out. The menu only hides:
 * the server refuses the rest anyway.
 */
export function navGroupsFor(user: UserInfo): NavGroup[] {
  return allGroups
    .map((group) => ({
      ...group,
      destinations: group.destinations.filter(
        (destination) => destination.area === null || canAccess(user, destination.area),
      ),
    }))
    .filter((group) => group.destinations.length > 0);
}

/** How many destinations the phone's bottom bar holds besides "More". */
export const bottomBarSlots = 4;

/**
 * The most used destinations, in bar order: Dashboard (or Overview when the role does not open it), My wallet,
 * Transactions, Cards. A refused one gives its place to the next destination the user may open, in menu order.
 */
const favourites: readonly (readonly string[])[] = [
  ['/dashboard', '/overview'],
  ['/my-wallet'],
  ['/transactions'],
  ['/cards'],
];

export function bottomBarDestinationsFor(user: UserInfo): NavDestination[] {
  const allowed = navGroupsFor(user).flatMap((group) => group.destinations);
  const chosen: NavDestination[] = [];
  for (const choices of favourites) {
    const found = allowed.find((destination) => choices.includes(destination.to));
    if (found) chosen.push(found);
  }
  for (const destination of allowed) {
    if (chosen.length >= bottomBarSlots) break;
    if (!chosen.includes(destination)) chosen.push(destination);
  }
  return chosen.slice(0, bottomBarSlots);
}
