import type { ReactElement } from 'react';
import {
  sendMoneyMachine,
  type LoadInput,
  type QuoteInput,
  type ScheduleInput,
  type SearchInput,
  type SendInput,
  type SendMoneyData,
  type VerifyPayeeInput,
} from '../../machines/sendMoney.machine';
import {
  oneTimeCodeMachine,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';
import type { PayeeVerifyResponse } from '../../schemas/payee.schema';
import type { ScheduledPayment } from '../../schemas/scheduledPayments.schema';
import type { Contact, TransferQuote } from '../../schemas/sendMoney.schema';
import type { StepUpMethodsResponse } from '../../schemas/stepUp.schema';
import type { Transaction } from '../../schemas/transactions.schema';
import { SendMoneyScreen } from '../../src/screens/sendMoney/SendMoneyScreen';
import type { JourneyScreenTools } from './harness';

/** Where the app mounts send money (src/app routes): the paying account's type, then a beneficiary or a wallet tag. */
export const sendMoneyRoute = '/my-wallet/:accountType/send-money/:account?/:tag?';

/**
 * The real send money screen whose every effect (load, search, name check, quote, one-time code, payment, schedule)
 * waits for the test to answer it through `effects`; for renderJourneyScreen's `screen`.
 */
export function sendMoneyScreen(
  { effects, clock, inspect }: JourneyScreenTools,
  keySeed: string,
): ReactElement {
  return (
    <SendMoneyScreen
      logic={sendMoneyMachine.provide({
        actors: {
          loadSendMoney: effects.logic<SendMoneyData, LoadInput>(),
          searchContacts: effects.logic<Contact[], SearchInput>(),
          verifyPayee: effects.logic<PayeeVerifyResponse, VerifyPayeeInput>(),
          transferQuote: effects.logic<TransferQuote, QuoteInput>(),
          loadStepUpMethods: effects.logic<StepUpMethodsResponse, void>(),
          oneTimeCode: oneTimeCodeMachine.provide({
            actors: {
              sendCode: effects.logic<CodeSent, SendCodeInput>(),
              verifyCode: effects.logic<CodeGrant, VerifyCodeInput>(),
            },
          }),
          sendMoney: effects.logic<Transaction, SendInput>(),
          createScheduledPayment: effects.logic<ScheduledPayment, ScheduleInput>(),
        },
      })}
      clock={clock}
      inspect={inspect}
      keySeed={keySeed}
    />
  );
}
