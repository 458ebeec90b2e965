import { screen, waitFor } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  beneficiaryFormMachine,
  type LoadBeneficiaryInput,
  type SaveBeneficiaryInput,
} from '../../machines/beneficiaryForm.machine';
import {
  cardControlsMachine,
  type CardActionInput,
  type CardView,
  type LoadCardInput,
  type RevealCardInput,
  type SetLimitsInput,
  type SetPinInput,
  type UpdateCardInput,
} from '../../machines/cardControls.machine';
import {
  inviteEmployeeMachine,
  type CancelInvitationInput,
  type InviteInput,
} from '../../machines/inviteEmployee.machine';
import {
  oneTimeCodeMachine,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import {
  requestMoneyMachine,
  type RequestMoneyData,
  type SearchInput,
  type SendRequestInput,
} from '../../machines/requestMoney.machine';
import type { sendMoneyMachine } from '../../machines/sendMoney.machine';
import { testKeySeed } from '../../machines/attemptKeys';
import { sendMoneyRoute, sendMoneyScreen } from './sendMoneyScreen';
import type { ApiFailure } from '../../machines/apiFailure';
import type { Beneficiary } from '../../schemas/beneficiaries.schema';
import type { Card, CardLimits, CardLimitsView, CardSecret } from '../../schemas/cards.schema';
import type { Invitation } from '../../schemas/employees.schema';
import type { MoneyRequest } from '../../schemas/moneyRequests.schema';
import type { Contact } from '../../schemas/sendMoney.schema';
import type { Locale } from '../../src/i18n/locale';
import { BeneficiaryFormScreen } from '../../src/screens/beneficiaries/BeneficiaryFormScreen';
import { CardsScreen } from '../../src/screens/cards/CardsScreen';
import { RequestMoneyScreen } from '../../src/screens/requests/RequestMoneyScreen';
import { AddEmployeesScreen } from '../../src/screens/team/AddEmployeesScreen';
import { beneficiaryTexts, createPath, typoDraft } from './beneficiaryForm.paths';
import { cardPagePath, shopCard } from './cardControls.paths';
import { journeyCapture, renderJourneyScreen, type RenderedApp } from './harness';
import { inviteEmployeeFixtures, invitePath, inviteTexts, nikos } from './inviteEmployee.paths';
import { requestMoneyFixtures, requestMoneyPath, requestTexts } from './requestMoney.paths';
import { sendMoneyFixtures, sendTexts, tagPath } from './sendMoney.paths';

// WCAG 3.3.1 and 4.1.3 on the five forms that used to leave focus on the button: after a failed submit (the form's
// own checks, or the server's field errors) focus is on the first field in error and a live region says which
// fields need attention (src/ui/formErrors.tsx).

/** Asserts what a failed submit leaves: focus on `first`, marked invalid and described by its message; `summary` said. */
async function expectFailedSubmit(first: string, summary: string): Promise<void> {
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(first)));
  const field = document.activeElement as HTMLElement;
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const described = (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '');
  expect(described.join(' ').trim()).not.toBe('');
  const said = await screen.findByText(summary);
  const region = said.closest('[aria-live]');
  expect(region?.getAttribute('aria-live')).toBe('polite');
  // Said once: one live region holds the summary.
  expect(screen.getAllByText(summary)).toHaveLength(1);
}

const click = async (app: RenderedApp, name: string | RegExp) => {
  await app.user.click(await screen.findByRole('button', { name }));
};

async function type(app: RenderedApp, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  if (value !== '') await app.user.type(field, value);
}

const fieldRefused = (fields: Record<string, string>, code = 'validation_failed'): ApiFailure => ({
  kind: 'http',
  status: 400,
  code,
  message: 'Invalid body.',
  fields,
});

// ---------------------------------------------------------------------------------------------------------------

function startBeneficiaryForm(locale: Locale = 'en'): RenderedApp {
  return renderJourneyScreen<ActorRefFrom<typeof beneficiaryFormMachine>>({
    path: createPath,
    locale,
    route: '/my-beneficiaries/create-beneficiary',
    journey: journeyCapture('beneficiary form'),
    screen: ({ effects, inspect }) => (
      <BeneficiaryFormScreen
        logic={beneficiaryFormMachine.provide({
          actors: {
            loadBeneficiary: effects.logic<Beneficiary, LoadBeneficiaryInput>(),
            checkAndSaveBeneficiary: effects.logic<Beneficiary, SaveBeneficiaryInput>(),
            saveBeneficiary: effects.logic<Beneficiary, SaveBeneficiaryInput>(),
          },
        })}
        inspect={inspect}
      />
    ),
  });
}

describe('beneficiary form', () => {
  it('an empty bank beneficiary: focus on First name, the four fields named', async () => {
    const app = startBeneficiaryForm();
    await click(app, beneficiaryTexts.save);
    await expectFailedSubmit(
      'First name',
      '4 fields need attention: First name, Last name, Country of the recipient’s bank, IBAN',
    );
  });

  it('the server refuses the IBAN (a beneficiary already saved): focus on IBAN', async () => {
    const app = startBeneficiaryForm();
    await type(app, 'First name', typoDraft.first_name);
    await type(app, 'Last name', typoDraft.last_name);
    await app.user.selectOptions(
      screen.getByLabelText('Country of the recipient’s bank'),
      typoDraft.bank_country,
    );
    await type(app, 'IBAN', typoDraft.iban);
    await click(app, beneficiaryTexts.save);
    await app.effects.settle('checkAndSaveBeneficiary', {
      error: fieldRefused({ iban: 'You already have this beneficiary.' }, 'conflict'),
    });
    await expectFailedSubmit('IBAN', '1 field needs attention: IBAN');
  });

  it('says it in Greek', async () => {
    const app = startBeneficiaryForm('el');
    await click(app, 'Αποθήκευση δικαιούχου');
    await expectFailedSubmit(
      'Όνομα',
      '4 πεδία χρειάζονται διόρθωση: Όνομα, Επώνυμο, Χώρα της τράπεζας του παραλήπτη, IBAN',
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------

function startInvite(): RenderedApp {
  return renderJourneyScreen<ActorRefFrom<typeof inviteEmployeeMachine>>({
    path: invitePath,
    route: invitePath,
    journey: journeyCapture('invite-employee journey'),
    screen: ({ effects, inspect }) => (
      <AddEmployeesScreen
        logic={inviteEmployeeMachine.provide({
          actors: {
            loadInvitations: effects.logic<Invitation[], void>(),
            inviteEmployee: effects.logic<Invitation, InviteInput>(),
            cancelInvitation: effects.logic<Invitation, CancelInvitationInput>(),
          },
        })}
        inspect={inspect}
      />
    ),
  });
}

describe('add employees', () => {
  it('nothing typed: focus on Email, the three fields named', async () => {
    const app = startInvite();
    await app.effects.settle('loadInvitations', inviteEmployeeFixtures.actors.loadInvitations.done);
    await click(app, inviteTexts.send);
    await expectFailedSubmit('Email', '3 fields need attention: Email, First name, Last name');
  });

  it('the server refuses the email: focus on Email', async () => {
    const app = startInvite();
    await app.effects.settle('loadInvitations', inviteEmployeeFixtures.actors.loadInvitations.done);
    await type(app, 'Email', nikos.email);
    await type(app, 'First name', nikos.first_name);
    await type(app, 'Last name', nikos.last_name);
    await click(app, inviteTexts.send);
    await app.effects.settle('inviteEmployee', { error: fieldRefused({ email: 'Not an email address.' }) });
    await expectFailedSubmit('Email', '1 field needs attention: Email');
  });
});

// ---------------------------------------------------------------------------------------------------------------

function startRequestMoney(): RenderedApp {
  return renderJourneyScreen<ActorRefFrom<typeof requestMoneyMachine>>({
    path: requestMoneyPath,
    route: requestMoneyPath,
    journey: journeyCapture('request-money journey'),
    screen: ({ effects, inspect }) => (
      <RequestMoneyScreen
        logic={requestMoneyMachine.provide({
          actors: {
            loadRequestMoney: effects.logic<RequestMoneyData, void>(),
            searchContacts: effects.logic<Contact[], SearchInput>(),
            requestMoney: effects.logic<MoneyRequest, SendRequestInput>(),
          },
        })}
        inspect={inspect}
        keySeed={testKeySeed}
      />
    ),
  });
}

describe('request money', () => {
  it('no amount: focus on the amount', async () => {
    const app = startRequestMoney();
    const { actors } = requestMoneyFixtures;
    await app.effects.settle('loadRequestMoney', actors.loadRequestMoney.done);
    await type(app, 'Wallet tag', '@demo');
    await click(app, requestTexts.search);
    await app.effects.settle('searchContacts', actors.searchContacts.done);
    await click(app, requestTexts.chooseBakery);
    await click(app, requestTexts.send);
    await expectFailedSubmit('Amount (EUR)', '1 field needs attention: Amount (EUR)');
  });

  it('a search too short: focus on the wallet tag', async () => {
    const app = startRequestMoney();
    await app.effects.settle('loadRequestMoney', requestMoneyFixtures.actors.loadRequestMoney.done);
    await type(app, 'Wallet tag', '@');
    await click(app, requestTexts.search);
    await expectFailedSubmit('Wallet tag', '1 field needs attention: Wallet tag');
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('send money, the amount step', () => {
  it('no amount: focus on the amount', async () => {
    const app = renderJourneyScreen<ActorRefFrom<typeof sendMoneyMachine>>({
      path: tagPath,
      route: sendMoneyRoute,
      journey: journeyCapture('send-money journey'),
      screen: (tools) => sendMoneyScreen(tools, testKeySeed),
    });
    await app.effects.settle('loadSendMoney', sendMoneyFixtures.actors.loadSendMoney.done);
    await click(app, sendTexts.continue);
    await expectFailedSubmit('Amount (EUR)', '1 field needs attention: Amount (EUR)');
  });
});

// ---------------------------------------------------------------------------------------------------------------

function startCardControls(): RenderedApp {
  return renderJourneyScreen<ActorRefFrom<typeof cardControlsMachine>>({
    path: cardPagePath,
    route: ['/cards/:card?', '/cards/:card/:id/card-limit'],
    journey: journeyCapture('card-controls journey'),
    screen: ({ effects, clock, inspect }) => (
      <CardsScreen
        logic={cardControlsMachine.provide({
          actors: {
            loadCard: effects.logic<CardView, LoadCardInput>(),
            cardAction: effects.logic<Card, CardActionInput>(),
            updateCard: effects.logic<Card, UpdateCardInput>(),
            setCardPin: effects.logic<void, SetPinInput>(),
            oneTimeCode: oneTimeCodeMachine.provide({
              actors: {
                sendCode: effects.logic<CodeSent, SendCodeInput>(),
                verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
              },
            }),
            revealCard: effects.logic<CardSecret, RevealCardInput>(),
            cardLimits: effects.logic<CardLimitsView, LoadCardInput>(),
            setCardLimits: effects.logic<CardLimits, SetLimitsInput>(),
            deleteCard: effects.logic<Card, LoadCardInput>(),
          },
        })}
        clock={clock}
        inspect={inspect}
      />
    ),
  });
}

describe('card controls, the card name', () => {
  it('the name emptied: focus on Card name', async () => {
    const app = startCardControls();
    await app.effects.settle('loadCard', {
      output: { card: { ...shopCard, status: 'active' }, methods: [] },
    });
    await click(app, 'Edit name');
    await type(app, 'Card name', '');
    await click(app, 'Save');
    await expectFailedSubmit('Card name', '1 field needs attention: Card name');
  });

  it('the server refuses the alias: focus on Alias', async () => {
    const app = startCardControls();
    await app.effects.settle('loadCard', {
      output: { card: { ...shopCard, status: 'active' }, methods: [] },
    });
    await click(app, 'Edit name');
    await type(app, 'Alias (optional)', 'Till 1');
    await click(app, 'Save');
    await app.effects.settle('updateCard', { error: fieldRefused({ alias: 'Max 26 characters.' }) });
    await expectFailedSubmit('Alias (optional)', '1 field needs attention: Alias (optional)');
  });
});
