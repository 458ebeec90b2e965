import { useSelector } from '@xstate/react';
import { Route, Routes } from 'react-router';
import { useBackOffice } from '../../app/backOfficeContext';
import { PageSpinner } from '../../ui/Spinner';
import { AuditTrailScreen } from './AuditTrailScreen';
import { BackOfficeHome } from './BackOfficeHome';
import { BackOfficeShell } from './BackOfficeShell';
import { CampaignQueueScreen, CampaignReviewScreen } from './CampaignReviewScreen';
import { PasskeysScreen } from './PasskeysScreen';
import { StaffAccountsScreen } from './StaffAccountsScreen';
import { StaffOnly } from './StaffOnly';
import { StaffSignInScreen } from './StaffSignInScreen';

/** The back office's pages: the sign-in while nobody is signed in, then the shell and the page of the address. */
export function BackOfficeRoutes() {
  const { session } = useBackOffice();
  const state = useSelector(session, (snapshot) => snapshot.value);
  const signIn = useSelector(session, (snapshot) => snapshot.children.signIn);
  if (state === 'restoring') return <PageSpinner />;
  if (state === 'signedOut' || state === 'signingOut') {
    return signIn ? <StaffSignInScreen signIn={signIn} /> : <PageSpinner />;
  }
  return (
    <BackOfficeShell>
      <Routes>
        <Route path="/back-office" element={<BackOfficeHome />} />
        <Route path="/back-office/passkeys" element={<PasskeysScreen />} />
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
        <Route path="/back-office/campaigns" element={<CampaignQueueScreen />} />
        <Route path="/back-office/campaigns/:id" element={<CampaignReviewScreen />} />
        <Route path="*" element={<BackOfficeHome />} />
      </Routes>
    </BackOfficeShell>
  );
}
