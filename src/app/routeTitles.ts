import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import { matchPath } from 'react-router';
import { pageTitles } from '../i18n/pageTitles';

/*
 * The title of every route (WCAG 2.2 2.4.2 Page Titled): the browser tab, the history list and a screen reader's first
 * words on a new page. One entry per route of src/app/routes.tsx, most specific first where two patterns overlap;
 * tests/model/routeTitles.test.tsx fails when a route has none or two routes share one in either language.
 */

const titles = defineMessages({
  login: { id: 'title.login', defaultMessage: 'Sign in' },
  resetPassword: { id: 'title.resetPassword', defaultMessage: 'Reset your password' },
  createPassword: { id: 'title.createPassword', defaultMessage: 'Create your password' },
  registration: { id: 'title.registration', defaultMessage: 'Open a business account' },
  informationSubmitted: { id: 'title.informationSubmitted', defaultMessage: 'Information submitted' },
  identityVerification: { id: 'title.identityVerification', defaultMessage: 'Verify your identity' },
  invitation: { id: 'title.invitation', defaultMessage: 'Accept your invitation' },
  invitationSuccess: { id: 'title.invitationSuccess', defaultMessage: 'Invitation accepted' },
  terms: { id: 'title.terms', defaultMessage: 'Terms of use' },
  privacy: { id: 'title.privacy', defaultMessage: 'Privacy policy' },
  faq: { id: 'title.faq', defaultMessage: 'Frequently asked questions' },
  downloadApp: { id: 'title.downloadApp', defaultMessage: 'Get the app' },
  notifications: { id: 'title.notifications', defaultMessage: 'Notifications' },
  analytics: { id: 'title.analytics', defaultMessage: 'Analytics' },
  advertising: { id: 'title.advertising', defaultMessage: 'Advertise with us' },
  dashboard: { id: 'title.dashboard', defaultMessage: 'Dashboard' },
  overview: { id: 'title.overview', defaultMessage: 'Overview' },
  wallet: { id: 'title.wallet', defaultMessage: 'My wallet' },
  accounts: { id: 'title.accounts', defaultMessage: 'Top up your account' },
  qrCodes: { id: 'title.qrCodes', defaultMessage: 'QR codes' },
  payQrCode: { id: 'title.payQrCode', defaultMessage: 'Pay by QR code' },
  sendMoney: { id: 'title.sendMoney', defaultMessage: 'Send money' },
  cardLimits: { id: 'title.cardLimits', defaultMessage: 'Card limits' },
  cards: { id: 'title.cards', defaultMessage: 'Cards' },
  orderCard: { id: 'title.orderCard', defaultMessage: 'Order a card' },
  deliveryAddress: { id: 'title.deliveryAddress', defaultMessage: 'Delivery address' },
  planCheckout: { id: 'title.planCheckout', defaultMessage: 'Change your plan' },
  plans: { id: 'title.plans', defaultMessage: 'Plans' },
  profile: { id: 'title.profile', defaultMessage: 'Company profile' },
  cancelPlan: { id: 'title.cancelPlan', defaultMessage: 'Cancel your plan' },
  deleteAccount: { id: 'title.deleteAccount', defaultMessage: 'Close your account' },
  settings: { id: 'title.settings', defaultMessage: 'Settings' },
  activityLog: { id: 'title.activityLog', defaultMessage: 'Activity log' },
  cashback: { id: 'title.cashback', defaultMessage: 'Cashback' },
  addresses: { id: 'title.addresses', defaultMessage: 'Addresses' },
  team: { id: 'title.team', defaultMessage: 'Team' },
  addEmployees: { id: 'title.addEmployees', defaultMessage: 'Invite employees' },
  transactions: { id: 'title.transactions', defaultMessage: 'Transactions' },
  beneficiaries: { id: 'title.beneficiaries', defaultMessage: 'Beneficiaries' },
  newBeneficiary: { id: 'title.newBeneficiary', defaultMessage: 'New beneficiary' },
  editBeneficiary: { id: 'title.editBeneficiary', defaultMessage: 'Edit beneficiary' },
  outbox: { id: 'title.outbox', defaultMessage: 'Sandbox outbox' },
  styleGuide: { id: 'title.styleGuide', defaultMessage: 'Style guide' },
  notFound: { id: 'title.notFound', defaultMessage: 'Page not found' },
});

/** Every title ends with the bank's name, so a tab among others says whose page it is. */
export const titleWithBrand = defineMessage<{ page: string }>({
  id: 'title.withBrand',
  defaultMessage: '{page} · Tameio',
});

/** Route patterns (react-router) with their titles, most specific first. */
export const routeTitles: ReadonlyArray<{ path: string; title: MessageDescriptor }> = [
  { path: '/login/:step?', title: titles.login },
  { path: '/reset_password/', title: titles.resetPassword },
  { path: '/create-password/:step?', title: titles.createPassword },
  { path: '/registration/:step?/:id?', title: titles.registration },
  { path: '/information-submitted', title: titles.informationSubmitted },
  { path: '/identity-verification/', title: titles.identityVerification },
  { path: '/otp-authentication/:method', title: titles.identityVerification },
  { path: '/verification/:method', title: titles.identityVerification },
  { path: '/merchant-invitation/:key/accept', title: titles.invitation },
  { path: '/invitation/success', title: titles.invitationSuccess },
  { path: '/terms-of-use', title: titles.terms },
  { path: '/privacy-policy', title: titles.privacy },
  { path: '/faq', title: titles.faq },
  { path: '/download-app', title: titles.downloadApp },
  { path: '/notifications', title: titles.notifications },
  { path: '/analytics', title: titles.analytics },
  { path: '/advertise-with-us', title: titles.advertising },
  { path: '/', title: titles.dashboard },
  { path: '/dashboard', title: titles.dashboard },
  { path: '/overview', title: titles.overview },
  { path: '/my-wallet', title: titles.wallet },
  { path: '/my-wallet/my-accounts/:accountType?', title: titles.accounts },
  { path: '/my-wallet/qr-codes', title: titles.qrCodes },
  { path: '/pay/:code', title: titles.payQrCode },
  { path: '/my-wallet/request-money', title: pageTitles.requestMoney },
  { path: '/my-wallet/pending-requests', title: pageTitles.pendingRequests },
  { path: '/my-wallet/scheduled-payments/:id?', title: pageTitles.scheduledPayments },
  { path: '/my-wallet/:accountType/send-money/:account?/:tag?', title: titles.sendMoney },
  { path: '/cards/add-card/physical/address', title: titles.deliveryAddress },
  { path: '/cards/add-card/physical', title: titles.orderCard },
  { path: '/cards/add-card/:card?', title: titles.orderCard },
  { path: '/cards/:card/:id/card-limit', title: titles.cardLimits },
  { path: '/cards/:card?', title: titles.cards },
  { path: '/plans/card-selection/:id', title: titles.orderCard },
  { path: '/plans/address', title: titles.deliveryAddress },
  { path: '/plans/card/checkout/:card?', title: titles.orderCard },
  { path: '/plans/plan/checkout', title: titles.planCheckout },
  { path: '/plans/:plan_id?', title: titles.plans },
  { path: '/profile/:page?', title: titles.profile },
  { path: '/account/cancellation', title: titles.cancelPlan },
  { path: '/account/deletion', title: titles.deleteAccount },
  { path: '/settings/activity-log', title: titles.activityLog },
  { path: '/settings/:page?', title: titles.settings },
  { path: '/cashback', title: titles.cashback },
  { path: '/my-addresses', title: titles.addresses },
  { path: '/my-employees/add-employees', title: titles.addEmployees },
  { path: '/my-employees', title: titles.team },
  { path: '/transactions/:id?', title: titles.transactions },
  { path: '/my-beneficiaries/create-beneficiary', title: titles.newBeneficiary },
  { path: '/my-beneficiaries/edit-beneficiary/:id', title: titles.editBeneficiary },
  { path: '/my-beneficiaries', title: titles.beneficiaries },
  { path: '/dev/outbox', title: titles.outbox },
  { path: '/dev/style-guide', title: titles.styleGuide },
];

/** The title of the page at `pathname`: its route's, or "Page not found" where no route answers. */
export function routeTitleOf(pathname: string): MessageDescriptor {
  return routeTitles.find((route) => matchPath(route.path, pathname))?.title ?? titles.notFound;
}
