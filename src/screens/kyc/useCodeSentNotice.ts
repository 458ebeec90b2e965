import { useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { MfaMethod } from '../../../schemas/auth.schema';
import {
  selectCodeMethod,
  selectCodeResending,
  selectOneTimeCodeBusy,
  selectOneTimeCodeError,
  selectOneTimeCodeStep,
  type OneTimeCodeSnapshot,
} from '../../../machines/oneTimeCode.machine';
import type { OneTimeCodeActor } from '../../ui/OneTimeCodeStep';
import { notify } from '../../ui/notify';

const sentMessages = defineMessages<MfaMethod>({
  email: { id: 'kyc.otp.sent.email', defaultMessage: 'One-time code sent to your email' },
  sms: { id: 'kyc.otp.sent.sms', defaultMessage: 'One-time code sent by SMS' },
});

/** A code is on its way: the first one (method chosen) or a resend. */
const isSending = (snapshot: OneTimeCodeSnapshot): boolean =>
  (selectOneTimeCodeStep(snapshot) === 'method' && selectOneTimeCodeBusy(snapshot)) ||
  selectCodeResending(snapshot);

/** The code went out: the code step, not resending, no error (a failed resend also lands on the code step). */
const isSent = (snapshot: OneTimeCodeSnapshot): boolean =>
  selectOneTimeCodeStep(snapshot) === 'code' &&
  !selectCodeResending(snapshot) &&
  selectOneTimeCodeError(snapshot) === null;

/**
 * SPEC §8 "OTP sent to email": a success toast each time the step-up code of the identity verification has been
 * sent (first send and every resend), naming the channel.
 */
export function useCodeSentNotice(code: OneTimeCodeActor): void {
  const intl = useIntl();
  useEffect(() => {
    let sending = isSending(code.getSnapshot());
    const subscription = code.subscribe((snapshot) => {
      const method = selectCodeMethod(snapshot);
      // An authenticator app's code is not sent, so there is nothing to announce.
      if (sending && isSent(snapshot) && method !== null && method !== 'totp') {
        notify('success', intl.formatMessage(sentMessages[method]), { id: 'kyc-code-sent' });
      }
      sending = isSending(snapshot);
    });
    return () => subscription.unsubscribe();
  }, [code, intl]);
}
