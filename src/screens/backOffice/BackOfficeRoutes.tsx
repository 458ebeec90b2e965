import { useSelector } from '@xstate/react';
import { Route, Routes } from 'react-router';
import { useBackOffice } from '../../app/backOfficeContext';
import { PageSpinner } from '../../ui/Spinner';
import { AuditTrailScreen } from './AuditTrailScreen';
import { BackOfficeHome } from './BackOfficeHome';
import { BackOfficeShell } from './BackOfficeShell';
import { DeletionTasksScreen } from './DeletionTasksScreen';
import { LegalChangeReviewScreen, LegalChangesScreen } from './LegalChangesScreen';
import { CampaignQueueScreen, CampaignReviewScreen } from './CampaignReviewScreen';
import { IdentityReviewQueueScreen, IdentityReviewRoute } from './IdentityReviewScreen';
import { MerchantReviewFileRoute, MerchantReviewQueueScreen } from './MerchantReviewScreen';
import { PasskeysScreen } from './PasskeysScreen';
import { StaffAccountsScreen } from './StaffAccountsScreen';
import { StaffOnly } from './StaffOnly';
import { StaffSignInScreen } from './StaffSignInScreen';

/** The back office's pages: the sign-in while nobody is signed in, then the shell and the page of the address. */
export function BackOfficeRoutes() {
  const { session } = useBackOffice();
  const state = useSelector(session, (snapshot) => snapshot.value);
  const signIn = useSelector(session, (snapshot) => snapshot.children.signIn);
  // Outside the shell the page is only this: its main landmark.
  const waiting = (
    <main>
      <PageSpinner />
    </main>
  );
  if (state === 'restoring') return waiting;
  if (state === 'signedOut' || state === 'signingOut') {
    return signIn ? <StaffSignInScreen signIn={signIn} /> : waiting;
  }
  return (
    <BackOfficeShell>
      <Routes>
        <Route path="/back-office" element={<BackOfficeHome />} />
        <Route path="/back-office/passkeys" element={<PasskeysScreen />} />
        <Route
          path="/back-office/merchant-reviews"
          element={
            <StaffOnly area="merchant-reviews">
              <MerchantReviewQueueScreen />
            </StaffOnly>
          }
        />
        <Route
          path="/back-office/merchant-reviews/:id"
          element={
            <StaffOnly area="merchant-reviews">
              <MerchantReviewFileRoute />
            </StaffOnly>
          }
        />
        <Route
          path="/back-office/identity-reviews"
          element={
            <StaffOnly area="identity-reviews">
              <IdentityReviewQueueScreen />
            </StaffOnly>
          }
        />
        <Route
          path="/back-office/identity-reviews/:id"
          element={
            <StaffOnly area="identity-reviews">
              <IdentityReviewRoute />
            </StaffOnly>
          }
        />
        <Route
          path="/back-office/legal-changes"
          element={
            <StaffOnly area="legal-changes">
              <LegalChangesScreen />
            </StaffOnly>
          }
        />
        <Route
          path="/back-office/legal-changes/:id"
          element={
            <StaffOnly area="legal-changes">
              <LegalChangeReviewScreen />
            </StaffOnly>
          }
        />
        <Route
          path="/back-office/account-deletions"
          element={
            <StaffOnly area="account-deletions">
              <DeletionTasksScreen />
            </StaffOnly>
          }
        />
        <Route
          path="/back-office/staff"
          element={
            <StaffOnly area="staff">
              <StaffAccountsScreen />
            </StaffOnly>
          }
        />
        <Route
          path="/back-office/audit-trail"
          element={
            <StaffOnly area="audit-trail">
              <AuditTrailScreen />
            </StaffOnly>
          }
        />
        <Route
          path="/back-office/campaigns"
          element={
            <StaffOnly area="campaigns">
              <CampaignQueueScreen />
            </StaffOnly>
          }
        />
        <Route
          path="/back-office/campaigns/:id"
          element={
            <StaffOnly area="campaigns">
              <CampaignReviewScreen />
            </StaffOnly>
          }
        />
        <Route path="*" element={<BackOfficeHome />} />
      </Routes>
    </BackOfficeShell>
  );
}
