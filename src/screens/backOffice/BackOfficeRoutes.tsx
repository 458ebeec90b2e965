import { useSelector } from '@xstate/react';
import { Route, Routes } from 'react-router';
import { useBackOffice } from '../../app/backOfficeContext';
import { PageSpinner } from '../../ui/Spinner';
import { BackOfficeHome } from './BackOfficeHome';
import { BackOfficeShell } from './BackOfficeShell';
import { IdentityReviewQueueScreen, IdentityReviewRoute } from './IdentityReviewScreen';
import { MerchantReviewFileRoute, MerchantReviewQueueScreen } from './MerchantReviewScreen';
import { PasskeysScreen } from './PasskeysScreen';
import { StaffAccountsScreen } from './StaffAccountsScreen';
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
        <Route path="/back-office/staff" element={<StaffAccountsScreen />} />
        <Route path="/back-office/merchant-reviews" element={<MerchantReviewQueueScreen />} />
        <Route path="/back-office/merchant-reviews/:id" element={<MerchantReviewFileRoute />} />
        <Route path="/back-office/identity-reviews" element={<IdentityReviewQueueScreen />} />
        <Route path="/back-office/identity-reviews/:id" element={<IdentityReviewRoute />} />
        <Route path="*" element={<BackOfficeHome />} />
      </Routes>
    </BackOfficeShell>
  );
}
