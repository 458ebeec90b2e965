import { lazy, Suspense, useState } from 'react';
import { matchPath, Outlet, useLocation, useParams, useRoutes, type RouteObject } from 'react-router';
import type { Area } from '../../schemas/permissions';
import LoginScreen from '../screens/login/LoginScreen';
import { journeyAt, type PlansJourney } from '../screens/plans/planJourney';
import { PageSpinner } from '../ui/Spinner';
import { AppShell } from './AppShell';
import { ErrorBoundary } from './ErrorBoundary';
import { ApplicationRoute, GuestOnly, RequireAuth } from './guards';
import { PageAnnouncer } from './PageAnnouncer';

// Each screen is its own chunk, fetched when a route first shows it, so /login loads only what signing in needs. The
// login screen itself, where every signed-out visit starts, is part of the entry chunk: its first paint then waits for
// no second round trip, and /login's scripts are one file (docs/performance.md).
const DashboardScreen = lazy(() => import('../screens/dashboard/DashboardScreen'));
const OverviewScreen = lazy(() => import('../screens/overview/OverviewScreen'));
const OutboxScreen = lazy(() => import('../screens/dev/OutboxScreen'));
const StyleGuideScreen = lazy(() => import('../screens/dev/StyleGuideScreen'));
const ResetPasswordScreen = lazy(() => import('../screens/password/ResetPasswordScreen'));
const CreatePasswordScreen = lazy(() => import('../screens/password/CreatePasswordScreen'));
const RegistrationRoute = lazy(() => import('./RegistrationRoute'));
const IdentityVerificationRoute = lazy(() => import('../screens/kyc/IdentityVerificationRoute'));
const InformationSubmittedScreen = lazy(() => import('../screens/onboarding/InformationSubmittedScreen'));
const TermsOfUseScreen = lazy(() => import('../screens/legal/TermsOfUseScreen'));
const PrivacyPolicyScreen = lazy(() => import('../screens/legal/PrivacyPolicyScreen'));
const NotFoundScreen = lazy(() => import('../screens/NotFoundScreen'));
const FaqScreen = lazy(() => import('../screens/faq/FaqScreen'));
const NotificationsScreen = lazy(() => import('../screens/notifications/NotificationsScreen'));
const DownloadAppScreen = lazy(() => import('../screens/downloadApp/DownloadAppScreen'));
const AnalyticsScreen = lazy(() => import('../screens/analytics/AnalyticsScreen'));
const AdvertisingScreen = lazy(() => import('../screens/advertising/AdvertisingScreen'));
const WalletScreen = lazy(() => import('../screens/wallet/WalletScreen'));
const SponsoredCard = lazy(() => import('../screens/advertising/SponsoredCard'));
const TopUpDetailsScreen = lazy(() => import('../screens/wallet/TopUpDetailsScreen'));
const SendMoneyScreen = lazy(() => import('../screens/sendMoney/SendMoneyScreen'));
const TransactionsScreen = lazy(() => import('../screens/transactions/TransactionsScreen'));
const BeneficiariesScreen = lazy(() => import('../screens/beneficiaries/BeneficiariesScreen'));
const BeneficiaryFormScreen = lazy(() => import('../screens/beneficiaries/BeneficiaryFormScreen'));
const RequestMoneyScreen = lazy(() => import('../screens/requests/RequestMoneyScreen'));
const PendingRequestsScreen = lazy(() => import('../screens/requests/PendingRequestsScreen'));
const QrCodesScreen = lazy(() => import('../screens/qrCodes/QrCodesScreen'));
const PayQrCodeScreen = lazy(() => import('../screens/qrCodes/PayQrCodeScreen'));
const ScheduledPaymentsScreen = lazy(() => import('../screens/scheduledPayments/ScheduledPaymentsScreen'));
const CardsScreen = lazy(() => import('../screens/cards/CardsScreen'));
const CardOrderScreen = lazy(() => import('../screens/cards/CardOrderScreen'));
const CashbackScreen = lazy(() => import('../screens/cards/CashbackScreen'));
const EmployeesScreen = lazy(() => import('../screens/team/EmployeesScreen'));
const AddEmployeesScreen = lazy(() => import('../screens/team/AddEmployeesScreen'));
const InvitationRoute = lazy(() => import('../screens/invitation/InvitationScreen'));
const InvitationSuccessScreen = lazy(() => import('../screens/invitation/InvitationSuccessScreen'));
const PlansScreen = lazy(() => import('../screens/plans/PlansScreen'));
const ProfileScreen = lazy(() => import('../screens/profile/ProfileScreen'));
const CancelPlanScreen = lazy(() => import('../screens/account/CancelPlanScreen'));
const AccountDeletionScreen = lazy(() => import('../screens/account/AccountDeletionScreen'));
const MyAddressesScreen = lazy(() => import('../screens/addresses/MyAddressesScreen'));
const SettingsScreen = lazy(() => import('../screens/settings/SettingsScreen'));
const ActivityLogScreen = lazy(() => import('../screens/settings/ActivityLogScreen'));

/**
 * The addresses of the card-ordering journey (SPEC §2; one machine, machines/cardOrder.machine.ts) with the area of
 * schemas/permissions.ts that guards each, most specific first. `:card` and `:id` name a card type, physical or
 * virtual.
 */
export const cardOrderRoutes = [
  { path: '/cards/add-card/physical/address', area: 'add-physical-address' },
  { path: '/cards/add-card/physical', area: 'add-physical-card' },
  { path: '/cards/add-card/:card?', area: 'add-card' },
  { path: '/plans/card-selection/:id', area: 'card-selection' },
  { path: '/plans/address', area: 'delivery-address' },
  { path: '/plans/card/checkout/:card?', area: 'add-card' },
] as const satisfies ReadonlyArray<{ path: string; area: Area }>;

/**
 * The addresses of the plans page and plan checkout (SPEC §2; one machine, machines/planCheckout.machine.ts) besides
 * /plans/address, which it shares with the card order (above). `:plan_id` preselects a plan.
 */
export const planCheckoutRoutes = [
  { path: '/plans/plan/checkout', area: 'plans' },
  { path: '/plans/:plan_id?', area: 'plans' },
] as const satisfies ReadonlyArray<{ path: string; area: Area }>;

const journeyRoutes = [...cardOrderRoutes, ...planCheckoutRoutes];

/**
 * One layout for the card order's six addresses and the plan checkout's three, /plans/address being both journeys'
 * step: the layout stays mounted while a journey's address changes, and keeps the journey on screen when that moves
 * to the shared address (src/screens/plans/planJourney.ts).
 */
function JourneyLayout() {
  const { pathname } = useLocation();
  const area = journeyRoutes.find((route) => matchPath(route.path, pathname))?.area ?? 'add-card';
  const [journey, setJourney] = useState<PlansJourney>(() => journeyAt(pathname, null));
  const now = journeyAt(pathname, journey);
  if (now !== journey) setJourney(now);
  return <RequireAuth area={area}>{now === 'plan' ? <PlansScreen /> : <CardOrderScreen />}</RequireAuth>;
}

/**
 * SPEC §2 /account/:action_type: `cancellation` (the questionnaire, then cancel, machines/cancelPlan.machine.ts) and
 * `deletion` (machines/accountDeletion.machine.ts), guarded as the plans and the profile are (SPEC §6).
 */
function AccountActionRoute() {
  const { action_type: action } = useParams();
  if (action === 'cancellation') {
    return (
      <RequireAuth area="plans">
        <CancelPlanScreen />
      </RequireAuth>
    );
  }
  return (
    <RequireAuth area="profile">
      {action === 'deletion' ? <AccountDeletionScreen /> : <NotFoundScreen />}
    </RequireAuth>
  );
}

export type RouteOptions = {
  /** The server's sandbox rails are on (not production): show /dev/outbox and the style guide, /dev/style-guide. */
  sandbox: boolean;
};

function RootLayout() {
  return (
    <AppShell>
      <PageAnnouncer />
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </AppShell>
  );
}

/**
 * Another merchant's advertisement in a placement of the app (issue 21), loaded apart from the screen it sits in: a
 * page never waits for it, and it shows nothing until it is there.
 */
function sponsored(placement: 'dashboard' | 'wallet_directory') {
  return (
    <Suspense fallback={null}>
      <SponsoredCard placement={placement} />
    </Suspense>
  );
}

/**
 * The one route table (SPEC §2, docs/engineering.md "Front end"). Only routes with a real screen are listed; a new
 * screen adds its route here. Areas name rows of the permission table in schemas/permissions.ts.
 */
export function appRoutes({ sandbox }: RouteOptions): RouteObject[] {
  const dashboard = (
    <RequireAuth area="dashboard">
      <DashboardScreen sponsored={sponsored('dashboard')} />
    </RequireAuth>
  );
  return [
    {
      element: <RootLayout />,
      children: [
        {
          path: '/login/:step?',
          element: (
            <GuestOnly>
              <LoginScreen />
            </GuestOnly>
          ),
        },
        {
          path: '/reset_password/',
          element: (
            <GuestOnly>
              <ResetPasswordScreen />
            </GuestOnly>
          ),
        },
        {
          path: '/create-password/:step?',
          element: (
            <GuestOnly>
              <CreatePasswordScreen />
            </GuestOnly>
          ),
        },
        // Public; decides between the account phase (signed out) and onboarding (signed in) itself.
        {
          path: '/registration/:step?/:id?',
          element: (
            <ApplicationRoute to="/registration">
              <RegistrationRoute />
            </ApplicationRoute>
          ),
        },
        { path: '/information-submitted', element: <InformationSubmittedScreen /> },
        // One journey for the three addresses: the layout stays mounted while the step's address changes.
        {
          element: <IdentityVerificationRoute />,
          children: [
            { path: '/identity-verification/' },
            { path: '/otp-authentication/:method' },
            { path: '/verification/:method' },
          ],
        },
        // Public invitation pages (SPEC §6: a signed-in user is not sent away from them). The invitee is not signed
        // in when accepting ends, so the success page is public too; it sends them to /login.
        { path: '/merchant-invitation/:key/accept', element: <InvitationRoute /> },
        { path: '/invitation/success', element: <InvitationSuccessScreen /> },
        { path: '/terms-of-use', element: <TermsOfUseScreen /> },
        { path: '/privacy-policy', element: <PrivacyPolicyScreen /> },
        // Public, signed in or not: the FAQ and the mobile app's store links.
        { path: '/faq', element: <FaqScreen /> },
        { path: '/download-app', element: <DownloadAppScreen /> },
        {
          path: '/notifications',
          element: (
            <RequireAuth area="notifications">
              <NotificationsScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/analytics',
          element: (
            <RequireAuth area="analytics">
              <AnalyticsScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/advertise-with-us',
          element: (
            <RequireAuth area="advertise-with-us">
              <AdvertisingScreen />
            </RequireAuth>
          ),
        },
        { path: '/', element: dashboard },
        { path: '/dashboard', element: dashboard },
        {
          path: '/overview',
          element: (
            <RequireAuth area="overview">
              <OverviewScreen sponsored={sponsored('dashboard')} />
            </RequireAuth>
          ),
        },
        {
          path: '/my-wallet',
          element: (
            <RequireAuth area="my-wallet">
              <WalletScreen sponsored={sponsored('wallet_directory')} />
            </RequireAuth>
          ),
        },
        {
          path: '/my-wallet/my-accounts/:accountType?',
          element: (
            <RequireAuth area="my-accounts">
              <TopUpDetailsScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/my-wallet/qr-codes',
          element: (
            <RequireAuth area="qr-codes">
              <QrCodesScreen />
            </RequireAuth>
          ),
        },
        {
          // The link a QR code carries (server/payments/qrCodes.ts): who is paid, then on to send money.
          path: '/pay/:code',
          element: (
            <RequireAuth area="send-money">
              <PayQrCodeScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/my-wallet/request-money',
          element: (
            <RequireAuth area="request-money">
              <RequestMoneyScreen />
            </RequireAuth>
          ),
        },
        {
          // SPEC §2 "pending requests": money other merchants asked this one for.
          path: '/my-wallet/pending-requests',
          element: (
            <RequireAuth area="request-money">
              <PendingRequestsScreen />
            </RequireAuth>
          ),
        },
        {
          // The list; `/:id` one scheduled payment with its runs and cancel (machines/scheduledPayment.machine.ts).
          path: '/my-wallet/scheduled-payments/:id?',
          element: (
            <RequireAuth area="scheduled-payments">
              <ScheduledPaymentsScreen />
            </RequireAuth>
          ),
        },
        {
          // :account a saved beneficiary's id (or `-`), :tag a wallet tag (machines/sendMoney.machine.ts).
          path: '/my-wallet/:accountType/send-money/:account?/:tag?',
          element: (
            <RequireAuth area="send-money">
              <SendMoneyScreen />
            </RequireAuth>
          ),
        },
        {
          // Without `:card` the list; with it (a card id) that card's page. On .../card-limit `:card` is the card's
          // form (physical or virtual) and `:id` its id (machines/cardControls.machine.ts `cardControlsPath`).
          element: (
            <RequireAuth area="cards">
              <CardsScreen />
            </RequireAuth>
          ),
          children: [{ path: '/cards/:card?' }, { path: '/cards/:card/:id/card-limit' }],
        },
        {
          element: <JourneyLayout />,
          children: journeyRoutes.map(({ path }) => ({ path })),
        },
        {
          // SPEC §2 /profile/:page?: billing, company-information, company-details, company-structure, documents,
          // representative, about-us (src/screens/profile/ProfileScreen.tsx).
          path: '/profile/:page?',
          element: (
            <RequireAuth area="profile">
              <ProfileScreen />
            </RequireAuth>
          ),
        },
        { path: '/account/:action_type', element: <AccountActionRoute /> },
        {
          // Issue 21: the company's audit trail, the owner's only (src/screens/settings/ActivityLogScreen.tsx).
          path: '/settings/activity-log',
          element: (
            <RequireAuth area="activity-log">
              <ActivityLogScreen />
            </RequireAuth>
          ),
        },
        {
          // SPEC §2 /settings/:page?: language and security (src/screens/settings/SettingsScreen.tsx).
          path: '/settings/:page?',
          element: (
            <RequireAuth area="settings">
              <SettingsScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/cashback',
          element: (
            <RequireAuth area="cashback">
              <CashbackScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/my-addresses',
          element: (
            <RequireAuth area="my-addresses">
              <MyAddressesScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/my-employees',
          element: (
            <RequireAuth area="my-employees">
              <EmployeesScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/my-employees/add-employees',
          element: (
            <RequireAuth area="add-employees">
              <AddEmployeesScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/transactions/:id?',
          element: (
            <RequireAuth area="transactions">
              <TransactionsScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/my-beneficiaries',
          element: (
            <RequireAuth area="beneficiaries">
              <BeneficiariesScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/my-beneficiaries/create-beneficiary',
          element: (
            <RequireAuth area="create-beneficiary">
              <BeneficiaryFormScreen />
            </RequireAuth>
          ),
        },
        {
          path: '/my-beneficiaries/edit-beneficiary/:id',
          element: (
            <RequireAuth area="create-beneficiary">
              <BeneficiaryFormScreen key="edit" />
            </RequireAuth>
          ),
        },
        ...(sandbox
          ? [
              { path: '/dev/outbox', element: <OutboxScreen /> },
              { path: '/dev/style-guide', element: <StyleGuideScreen /> },
            ]
          : []),
        { path: '*', element: <NotFoundScreen /> },
      ],
    },
  ];
}

/**
 * Renders the route table. A declarative router (BrowserRouter in the app, MemoryRouter in tests) is enough: screens
 * load their own data and the guards read the session, so the data router's loaders would sit unused in the bundle.
 */
export function AppRoutes(options: RouteOptions) {
  return useRoutes(appRoutes(options));
}
