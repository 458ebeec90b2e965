import {
  ArrowLeftRight,
  BadgePercent,
  BookUser,
  ChartColumn,
  CircleHelp,
  ClipboardList,
  CreditCard,
  FileClock,
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
import type { Area } from '../../schemas/permissions';
import { routeRedirect, type RouteAccess } from './guards';

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
  activityLog: { id: 'app.nav.activityLog', defaultMessage: 'Activity log' },
  onboarding: { id: 'app.nav.onboarding', defaultMessage: 'Company onboarding' },
  applicationStatus: { id: 'app.nav.applicationStatus', defaultMessage: 'Application status' },
  faq: { id: 'app.nav.faq', defaultMessage: 'Help and FAQ' },
});

const headings = defineMessages({
  money: { id: 'app.nav.group.money', defaultMessage: 'Money' },
  cards: { id: 'app.nav.group.cards', defaultMessage: 'Cards' },
  company: { id: 'app.nav.group.company', defaultMessage: 'Company' },
  settings: { id: 'app.nav.group.settings', defaultMessage: 'Settings' },
  application: { id: 'app.nav.group.application', defaultMessage: 'Your application' },
});

export type NavDestination = {
  to: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  /** How its route opens (src/app/guards.tsx): the link is shown only to a user that route lets in. */
  access: RouteAccess;
};

export type NavGroup = { id: string; heading: MessageDescriptor; destinations: NavDestination[] };

const bankingPage = (area: Area): RouteAccess => ({ kind: 'protected', area });

/**
 * Every destination of the signed-in navigation, grouped as a merchant thinks of them. Each opens as its route does
 * (src/app/routes.tsx): the banking pages once the merchant is approved and the role opens their area; the
 * application's page and the FAQ before that.
 */
const allGroups: readonly NavGroup[] = [
  {
    id: 'money',
    heading: headings.money,
    destinations: [
      { to: '/dashboard', label: labels.dashboard, icon: LayoutDashboard, access: bankingPage('dashboard') },
      { to: '/overview', label: labels.overview, icon: House, access: bankingPage('overview') },
      { to: '/my-wallet', label: labels.myWallet, icon: Wallet, access: bankingPage('my-wallet') },
      {
        to: '/transactions',
        label: labels.transactions,
        icon: ArrowLeftRight,
        access: bankingPage('transactions'),
      },
      {
        to: '/my-beneficiaries',
        label: labels.beneficiaries,
        icon: BookUser,
        access: bankingPage('beneficiaries'),
      },
      { to: '/cashback', label: labels.cashback, icon: BadgePercent, access: bankingPage('cashback') },
    ],
  },
  {
    id: 'cards',
    heading: headings.cards,
    destinations: [{ to: '/cards', label: labels.cards, icon: CreditCard, access: bankingPage('cards') }],
  },
  {
    id: 'company',
    heading: headings.company,
    destinations: [
      { to: '/my-employees', label: labels.team, icon: Users, access: bankingPage('my-employees') },
      { to: '/my-addresses', label: labels.addresses, icon: MapPin, access: bankingPage('my-addresses') },
      { to: '/profile', label: labels.profile, icon: UserRound, access: bankingPage('profile') },
      { to: '/plans', label: labels.plans, icon: Gem, access: bankingPage('plans') },
      { to: '/analytics', label: labels.analytics, icon: ChartColumn, access: bankingPage('analytics') },
      {
        to: '/advertise-with-us',
        label: labels.advertising,
        icon: Megaphone,
        access: bankingPage('advertise-with-us'),
      },
    ],
  },
  {
    id: 'settings',
    heading: headings.settings,
    destinations: [
      { to: '/settings', label: labels.settings, icon: Settings, access: bankingPage('settings') },
      {
        to: '/settings/activity-log',
        label: labels.activityLog,
        icon: FileClock,
        access: bankingPage('activity-log'),
      },
    ],
  },
  {
    // Before approval the banking pages all send the merchant back to the application: the menu offers that page.
    id: 'application',
    heading: headings.application,
    destinations: [
      {
        to: '/registration',
        label: labels.onboarding,
        icon: ClipboardList,
        access: { kind: 'application', to: '/registration' },
      },
      {
        to: '/information-submitted',
        label: labels.applicationStatus,
        icon: ClipboardList,
        access: { kind: 'application', to: '/information-submitted' },
      },
      { to: '/faq', label: labels.faq, icon: CircleHelp, access: { kind: 'public' } },
    ],
  },
];

/** Every destination the menu may hold, whoever is signed in (the test that the menu and the guards agree walks them). */
export const allNavDestinations: readonly NavDestination[] = allGroups.flatMap((group) => group.destinations);

/**
 * The groups with only the destinations whose route opens for the user now (`routeRedirect`, the rule the guards
 * apply), so no link bounces back; a group left empty is left out. The application's group is the menu of a merchant
 * not yet approved; once approved, the footer's FAQ link is enough beside the banking pages.
 */
export function navGroupsFor(user: UserInfo): NavGroup[] {
  const approved = user.merchant.status === 'approved';
  return allGroups
    .filter((group) => (group.id === 'application') !== approved)
    .map((group) => ({
      ...group,
      destinations: group.destinations.filter(
        (destination) => routeRedirect(user, destination.access) === null,
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
