import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyMachineSnapshot, AnyStateMachine, SnapshotFrom, StateValue } from 'xstate';
// The QA plan must list exactly the paths the model tests run, so it uses their generator (docs/engineering.md principle 3).
import {
  generatePaths,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  type StepAction,
} from '../tests/model/generatePaths';
import { beneficiaryFormModel } from '../tests/model/beneficiaryForm.paths';
import { cardControlsModel } from '../tests/model/cardControls.paths';
import { cardOrderModel } from '../tests/model/cardOrder.paths';
import { createPasswordModel, resetPasswordModel } from '../tests/model/passwordLink.paths';
import { identityVerificationModel } from '../tests/model/identityVerification.paths';
import { invitationModel } from '../tests/model/invitation.paths';
import { inviteEmployeeModel } from '../tests/model/inviteEmployee.paths';
import { onboardingModel } from '../tests/model/onboarding.paths';
import { demoCode, demoCredentials, loginModel, sessionModel } from '../tests/model/paths';
import { registrationModel } from '../tests/model/registration.paths';
import { oneTimeCodeModel } from '../tests/model/oneTimeCode.paths';
import { pendingRequestsModel } from '../tests/model/pendingRequests.paths';
import { requestMoneyModel } from '../tests/model/requestMoney.paths';
import { scheduledPaymentModel } from '../tests/model/scheduledPayment.paths';
import { sendMoneyModel } from '../tests/model/sendMoney.paths';
import { teamModel } from '../tests/model/team.paths';
import { myAddressesModel } from '../tests/model/myAddresses.paths';
import { transactionListModel } from '../tests/model/transactionList.paths';
import { planCheckoutModel } from '../tests/model/planCheckout.paths';
import { cancelPlanModel } from '../tests/model/cancelPlan.paths';
import { accountDeletionModel } from '../tests/model/accountDeletion.paths';
import { analyticsModel } from '../tests/model/analytics.paths';
import { advertisingModel } from '../tests/model/advertising.paths';
import { changePasswordModel } from '../tests/model/changePassword.paths';
import { addAuthenticatorModel } from '../tests/model/addAuthenticator.paths';
import { removeMfaMethodModel } from '../tests/model/removeMfaMethod.paths';
import { profileChangeModel } from '../tests/model/profileChange.paths';

/*
 * Writes docs/test-paths/<machine>.md: a QA plan a person can follow by hand, one numbered path per section, each
 * step saying what the tester does (or what the server answers) and what the screen must show afterwards.
 *
 *   npm run test-paths              write the files
 *   npm run test-paths -- --check   exit 1, listing stale or missing files
 */

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'test-paths');

function stateWords(value: StateValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, inner]) => (typeof inner === 'string' ? `${key}: ${inner}` : `${key} (${stateWords(inner)})`))
    .join(', ');
}

/** Generated snapshots are machine snapshots; SnapshotFrom<M> of a generic M does not say so. */
const valueOf = (snapshot: unknown): StateValue => (snapshot as AnyMachineSnapshot).value;

const quote = (text: string) => `“${text}”`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function screenWords(expected: ScreenExpectation): string {
  const parts = [`address \`${expected.path}\``];
  parts.push(
    expected.heading === null
      ? 'a loading spinner instead of the page'
      : `heading ${quote(expected.heading)}`,
  );
  if (expected.alert === null) parts.push('no error message');
  else if (expected.alert !== undefined) parts.push(`error ${quote(expected.alert)}`);
  if (expected.dialogs) {
    parts.push(
      expected.dialogs.length ? `dialog ${expected.dialogs.map(quote).join(' and ')} open` : 'no dialog',
    );
  }
  if (expected.toast) parts.push(`toast ${quote(expected.toast)}`);
  if (expected.enabled?.length) parts.push(`can click ${expected.enabled.map(quote).join(', ')}`);
  if (expected.disabled?.length) parts.push(`greyed out: ${expected.disabled.map(quote).join(', ')}`);
  if (expected.absent?.length) parts.push(`no ${expected.absent.map(quote).join(', ')} button`);
  return parts.join('; ');
}

function actionWords(action: StepAction): string {
  switch (action.kind) {
    case 'start':
      return action.says;
    case 'event':
      return action.auto ? `(automatic) ${action.says}` : action.says;
    case 'actorDone':
    case 'actorError':
      return action.says;
    case 'delay': {
      const seconds = (action.ms ?? 0) / 1000;
      return `${action.says} (${seconds} s)`;
    }
  }
}

/** Where a journey's fixtures and its model test live, named in the plan so a reader can find them. */
type Sources = { fixtures: string; test: string };

function plan<M extends AnyStateMachine>(model: Model<M>, sources: Sources): string {
  const paths: Array<ModelPath<SnapshotFrom<M>>> = generatePaths(model);
  const count = (origin: ModelPath<unknown>['origin']) => paths.filter((p) => p.origin === origin).length;
  const { maxDepth, simplePerState, maxSimple } = model.bounds;
  const lines = [
    `# QA plan: the \`${model.name}\` journey`,
    '',
    `Generated by \`npm run test-paths\` from [machines/${model.file}](../../machines/${model.file}) and the fixtures in`,
    `[tests/model/${sources.fixtures}](../../tests/model/${sources.fixtures}); do not edit by hand. The model tests`,
    `(tests/model/${sources.test}) run exactly these paths against the real screens.`,
    '',
    `${paths.length} paths: ${count('shortest')} shortest paths to states, ${count('simple')} bounded simple paths`,
    `(at most ${maxDepth} steps, ${simplePerState} per end state, ${maxSimple} in all) and ${count('transition')} paths that take`,
    'a transition the others miss. Paths contained in a longer one are left out. Waits are real durations: a tester',
    'waits that long (or sets the clock forward); no other timer fires first.',
    '',
    `Demo data: email \`${demoCredentials.email}\`, password \`${demoCredentials.password}\` (\`DEMO_PASSWORD\`), the`,
    `one-time code from the outbox (\`/dev/outbox\`; the model tests use \`${demoCode}\`). Server answers other than`,
    'success need the sandbox or a test double to provoke them.',
    '',
  ];
  paths.forEach((modelPath, index) => {
    const last = modelPath.steps.at(-1)!;
    const title = `${actionWords(last.action)} → ${stateWords(valueOf(last.state))}`;
    lines.push(
      `## ${index + 1}. ${title}`,
      '',
      `\`${modelPath.id}\`, ${modelPath.origin} path, ${modelPath.steps.length - 1} steps.`,
      '',
    );
    lines.push('| Step | The tester does, or the server answers | Then the screen shows | Machine state |');
    lines.push('| --- | --- | --- | --- |');
    modelPath.steps.forEach((step, stepIndex) => {
      lines.push(
        `| ${stepIndex} | ${cell(actionWords(step.action))} | ${cell(screenWords(model.screen(step.state)))} | ${cell(stateWords(valueOf(step.state)))} |`,
      );
    });
    lines.push('');
  });
  return lines.join('\n');
}

function main() {
  const check = process.argv.includes('--check');
  const expected = new Map<string, string>([
    [`${loginModel.name}.md`, plan(loginModel, { fixtures: 'paths.ts', test: 'login.model.test.tsx' })],
    [`${sessionModel.name}.md`, plan(sessionModel, { fixtures: 'paths.ts', test: 'session.model.test.tsx' })],
    [
      `${onboardingModel.name}.md`,
      plan(onboardingModel, { fixtures: 'onboarding.paths.ts', test: 'onboarding.model.test.tsx' }),
    ],
    [
      `${resetPasswordModel.name}.md`,
      plan(resetPasswordModel, { fixtures: 'passwordLink.paths.ts', test: 'passwordLink.model.test.tsx' }),
    ],
    [
      `${createPasswordModel.name}.md`,
      plan(createPasswordModel, { fixtures: 'passwordLink.paths.ts', test: 'passwordLink.model.test.tsx' }),
    ],
    [
      `${registrationModel.name}.md`,
      plan(registrationModel, { fixtures: 'registration.paths.ts', test: 'registration.model.test.tsx' }),
    ],
    [
      `${identityVerificationModel.name}.md`,
      plan(identityVerificationModel, {
        fixtures: 'identityVerification.paths.ts',
        test: 'identityVerification.model.test.tsx',
      }),
    ],
    [
      `${transactionListModel.name}.md`,
      plan(transactionListModel, {
        fixtures: 'transactionList.paths.ts',
        test: 'transactionList.model.test.tsx',
      }),
    ],
    [
      `${beneficiaryFormModel.name}.md`,
      plan(beneficiaryFormModel, {
        fixtures: 'beneficiaryForm.paths.ts',
        test: 'beneficiaryForm.model.test.tsx',
      }),
    ],
    [
      `${sendMoneyModel.name}.md`,
      plan(sendMoneyModel, {
        fixtures: 'sendMoney.paths.ts',
        test: 'sendMoney.model.test.tsx',
      }),
    ],
    [
      `${scheduledPaymentModel.name}.md`,
      plan(scheduledPaymentModel, {
        fixtures: 'scheduledPayment.paths.ts',
        test: 'scheduledPayment.model.test.tsx',
      }),
    ],
    [
      `${oneTimeCodeModel.name}.md`,
      plan(oneTimeCodeModel, { fixtures: 'oneTimeCode.paths.ts', test: 'oneTimeCode.model.test.tsx' }),
    ],
    [
      `${requestMoneyModel.name}.md`,
      plan(requestMoneyModel, { fixtures: 'requestMoney.paths.ts', test: 'requestMoney.model.test.tsx' }),
    ],
    [
      `${pendingRequestsModel.name}.md`,
      plan(pendingRequestsModel, {
        fixtures: 'pendingRequests.paths.ts',
        test: 'pendingRequests.model.test.tsx',
      }),
    ],
    [
      `${cardOrderModel.name}.md`,
      plan(cardOrderModel, { fixtures: 'cardOrder.paths.ts', test: 'cardOrder.model.test.tsx' }),
    ],
    [
      `${cardControlsModel.name}.md`,
      plan(cardControlsModel, { fixtures: 'cardControls.paths.ts', test: 'cardControls.model.test.tsx' }),
    ],
    [
      `${invitationModel.name}.md`,
      plan(invitationModel, { fixtures: 'invitation.paths.ts', test: 'invitation.model.test.tsx' }),
    ],
    [`${teamModel.name}.md`, plan(teamModel, { fixtures: 'team.paths.ts', test: 'team.model.test.tsx' })],
    [
      `${myAddressesModel.name}.md`,
      plan(myAddressesModel, { fixtures: 'myAddresses.paths.ts', test: 'myAddresses.model.test.tsx' }),
    ],
    [
      `${inviteEmployeeModel.name}.md`,
      plan(inviteEmployeeModel, {
        fixtures: 'inviteEmployee.paths.ts',
        test: 'inviteEmployee.model.test.tsx',
      }),
    ],
    [
      `${planCheckoutModel.name}.md`,
      plan(planCheckoutModel, { fixtures: 'planCheckout.paths.ts', test: 'planCheckout.model.test.tsx' }),
    ],
    [
      `${cancelPlanModel.name}.md`,
      plan(cancelPlanModel, { fixtures: 'cancelPlan.paths.ts', test: 'cancelPlan.model.test.tsx' }),
    ],
    [
      `${accountDeletionModel.name}.md`,
      plan(accountDeletionModel, {
        fixtures: 'accountDeletion.paths.ts',
        test: 'accountDeletion.model.test.tsx',
      }),
    ],
    [
      `${analyticsModel.name}.md`,
      plan(analyticsModel, { fixtures: 'analytics.paths.ts', test: 'analytics.model.test.tsx' }),
    ],
    [
      `${advertisingModel.name}.md`,
      plan(advertisingModel, { fixtures: 'advertising.paths.ts', test: 'advertising.model.test.tsx' }),
    ],
    [
      `${changePasswordModel.name}.md`,
      plan(changePasswordModel, {
        fixtures: 'changePassword.paths.ts',
        test: 'changePassword.model.test.tsx',
      }),
    ],
    [
      `${addAuthenticatorModel.name}.md`,
      plan(addAuthenticatorModel, {
        fixtures: 'addAuthenticator.paths.ts',
        test: 'addAuthenticator.model.test.tsx',
      }),
    ],
    [
      `${removeMfaMethodModel.name}.md`,
      plan(removeMfaMethodModel, {
        fixtures: 'removeMfaMethod.paths.ts',
        test: 'removeMfaMethod.model.test.tsx',
      }),
    ],
    [
      `${profileChangeModel.name}.md`,
      plan(profileChangeModel, { fixtures: 'profileChange.paths.ts', test: 'profileChange.model.test.tsx' }),
    ],
  ]);
  if (check) {
    const problems: string[] = [];
    for (const [file, content] of expected) {
      const full = path.join(outDir, file);
      if (!existsSync(full)) problems.push(`missing: docs/test-paths/${file}`);
      else if (readFileSync(full, 'utf8') !== content) problems.push(`stale:   docs/test-paths/${file}`);
    }
    const present = existsSync(outDir) ? readdirSync(outDir).filter((file) => file.endsWith('.md')) : [];
    for (const file of present) if (!expected.has(file)) problems.push(`orphan:  docs/test-paths/${file}`);
    if (problems.length) {
      console.error(`QA plans are out of date; run \`npm run test-paths\`:\n${problems.join('\n')}`);
      process.exit(1);
    }
    console.log(`QA plans are up to date (${expected.size} journeys).`);
    return;
  }
  mkdirSync(outDir, { recursive: true });
  for (const [file, content] of expected) writeFileSync(path.join(outDir, file), content);
  console.log(`Wrote ${[...expected.keys()].map((file) => `docs/test-paths/${file}`).join(', ')}`);
}

main();
