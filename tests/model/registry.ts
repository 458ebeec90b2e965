import type { AnyStateMachine } from 'xstate';
import type { Model } from './generatePaths';
import { accountDeletionModel } from './accountDeletion.paths';
import { addAuthenticatorModel } from './addAuthenticator.paths';
import { advertisingModel } from './advertising.paths';
import { analyticsModel } from './analytics.paths';
import { beneficiaryFormModel } from './beneficiaryForm.paths';
import { botCheckModel } from './botCheck.paths';
import { campaignReviewModel } from './campaignReview.paths';
import { cancelPlanModel } from './cancelPlan.paths';
import { cardControlsModel } from './cardControls.paths';
import { cardOrderModel } from './cardOrder.paths';
import { changePasswordModel } from './changePassword.paths';
import { identityReviewModel } from './identityReview.paths';
import { identityVerificationModel } from './identityVerification.paths';
import { invitationModel } from './invitation.paths';
import { legalChangeReviewModel } from './legalChangeReview.paths';
import { inviteEmployeeModel } from './inviteEmployee.paths';
import { myAddressesModel } from './myAddresses.paths';
import { onboardingModel } from './onboarding.paths';
import { oneTimeCodeModel } from './oneTimeCode.paths';
import { createPasswordModel, resetPasswordModel } from './passwordLink.paths';
import { merchantReviewModel } from './merchantReview.paths';
import { loginModel, sessionModel } from './paths';
import { pendingRequestsModel } from './pendingRequests.paths';
import { planCheckoutModel } from './planCheckout.paths';
import { profileChangeModel } from './profileChange.paths';
import { registrationModel } from './registration.paths';
import { removeMfaMethodModel } from './removeMfaMethod.paths';
import { requestMoneyModel } from './requestMoney.paths';
import { scheduledPaymentModel } from './scheduledPayment.paths';
import { sendMoneyModel } from './sendMoney.paths';
import { staffSessionModel, staffSignInModel } from './staffSignIn.paths';
import { statementExportModel } from './statementExport.paths';
import { teamModel } from './team.paths';
import { transactionListModel } from './transactionList.paths';

/*
 * The one list of the journeys' test models (docs/engineering.md principle 3): each machine in machines/*.machine.ts has at
 * least one model here, and each model names the file that defines it and the model test that runs its paths
 * against the real screens. It drives the coverage guard (coverage.test.ts), the QA plans (scripts/testPaths.ts) and
 * the statechart list (scripts/diagrams.ts); coverage.test.ts fails when a machine has no model here or a model has
 * no model test (registryGaps in ./registryGuard.ts).
 */

export type RegisteredModel = {
  model: Model<AnyStateMachine>;
  /** The file under tests/model/ that exports the model (its fixtures and expected screens). */
  fixtures: string;
  /** The model test under tests/model/ that runs the model's paths against the real screens. */
  test: string;
};

export const registry: readonly RegisteredModel[] = [
  { model: loginModel, fixtures: 'paths.ts', test: 'login.model.test.tsx' },
  { model: sessionModel, fixtures: 'paths.ts', test: 'session.model.test.tsx' },
  { model: onboardingModel, fixtures: 'onboarding.paths.ts', test: 'onboarding.model.test.tsx' },
  { model: resetPasswordModel, fixtures: 'passwordLink.paths.ts', test: 'passwordLink.model.test.tsx' },
  { model: createPasswordModel, fixtures: 'passwordLink.paths.ts', test: 'passwordLink.model.test.tsx' },
  { model: registrationModel, fixtures: 'registration.paths.ts', test: 'registration.model.test.tsx' },
  {
    model: identityVerificationModel,
    fixtures: 'identityVerification.paths.ts',
    test: 'identityVerification.model.test.tsx',
  },
  {
    model: beneficiaryFormModel,
    fixtures: 'beneficiaryForm.paths.ts',
    test: 'beneficiaryForm.model.test.tsx',
  },
  {
    model: transactionListModel,
    fixtures: 'transactionList.paths.ts',
    test: 'transactionList.model.test.tsx',
  },
  { model: sendMoneyModel, fixtures: 'sendMoney.paths.ts', test: 'sendMoney.model.test.tsx' },
  {
    model: scheduledPaymentModel,
    fixtures: 'scheduledPayment.paths.ts',
    test: 'scheduledPayment.model.test.tsx',
  },
  { model: oneTimeCodeModel, fixtures: 'oneTimeCode.paths.ts', test: 'oneTimeCode.model.test.tsx' },
  { model: requestMoneyModel, fixtures: 'requestMoney.paths.ts', test: 'requestMoney.model.test.tsx' },
  {
    model: pendingRequestsModel,
    fixtures: 'pendingRequests.paths.ts',
    test: 'pendingRequests.model.test.tsx',
  },
  { model: cardOrderModel, fixtures: 'cardOrder.paths.ts', test: 'cardOrder.model.test.tsx' },
  { model: cardControlsModel, fixtures: 'cardControls.paths.ts', test: 'cardControls.model.test.tsx' },
  { model: invitationModel, fixtures: 'invitation.paths.ts', test: 'invitation.model.test.tsx' },
  { model: teamModel, fixtures: 'team.paths.ts', test: 'team.model.test.tsx' },
  { model: myAddressesModel, fixtures: 'myAddresses.paths.ts', test: 'myAddresses.model.test.tsx' },
  { model: inviteEmployeeModel, fixtures: 'inviteEmployee.paths.ts', test: 'inviteEmployee.model.test.tsx' },
  { model: planCheckoutModel, fixtures: 'planCheckout.paths.ts', test: 'planCheckout.model.test.tsx' },
  { model: cancelPlanModel, fixtures: 'cancelPlan.paths.ts', test: 'cancelPlan.model.test.tsx' },
  { model: campaignReviewModel, fixtures: 'campaignReview.paths.ts', test: 'campaignReview.model.test.tsx' },
  {
    model: accountDeletionModel,
    fixtures: 'accountDeletion.paths.ts',
    test: 'accountDeletion.model.test.tsx',
  },
  { model: analyticsModel, fixtures: 'analytics.paths.ts', test: 'analytics.model.test.tsx' },
  { model: advertisingModel, fixtures: 'advertising.paths.ts', test: 'advertising.model.test.tsx' },
  { model: changePasswordModel, fixtures: 'changePassword.paths.ts', test: 'changePassword.model.test.tsx' },
  {
    model: addAuthenticatorModel,
    fixtures: 'addAuthenticator.paths.ts',
    test: 'addAuthenticator.model.test.tsx',
  },
  {
    model: removeMfaMethodModel,
    fixtures: 'removeMfaMethod.paths.ts',
    test: 'removeMfaMethod.model.test.tsx',
  },
  { model: profileChangeModel, fixtures: 'profileChange.paths.ts', test: 'profileChange.model.test.tsx' },
  {
    model: legalChangeReviewModel,
    fixtures: 'legalChangeReview.paths.ts',
    test: 'legalChangeReview.model.test.tsx',
  },
  {
    model: statementExportModel,
    fixtures: 'statementExport.paths.ts',
    test: 'statementExport.model.test.tsx',
  },
  { model: botCheckModel, fixtures: 'botCheck.paths.ts', test: 'botCheck.model.test.tsx' },
  { model: staffSignInModel, fixtures: 'staffSignIn.paths.ts', test: 'staffSignIn.model.test.tsx' },
  { model: staffSessionModel, fixtures: 'staffSignIn.paths.ts', test: 'staffSession.model.test.tsx' },
  { model: merchantReviewModel, fixtures: 'merchantReview.paths.ts', test: 'merchantReview.model.test.tsx' },
  { model: identityReviewModel, fixtures: 'identityReview.paths.ts', test: 'identityReview.model.test.tsx' },
];

/** Each machine file of the registry with its machine, in file order (the statechart list). */
export function registeredMachines(): Array<{ file: string; machine: AnyStateMachine }> {
  const byFile = new Map<string, AnyStateMachine>();
  for (const { model } of registry) byFile.set(model.file, model.machine);
  return [...byFile]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, machine]) => ({ file, machine }));
}
