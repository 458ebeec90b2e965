import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { kycPath, selectKycCodeActor } from '../../../machines/identityVerification.machine';
import { OneTimeCodeStep, type OneTimeCodeActor } from '../../ui/OneTimeCodeStep';
import { PageSpinner } from '../../ui/Spinner';
import { KycErrorAlert } from './KycErrorAlert';
import { useKyc, type KycActor } from './kycActor';
import { useCodeSentNotice } from './useCodeSentNotice';

/** The address follows the code step (/otp-authentication/:method once a code is awaited) without driving it. */
function useCodeAddress(kyc: KycActor, code: OneTimeCodeActor): void {
  const path = useSelector(code, (snapshot) => kycPath(kyc.getSnapshot(), snapshot));
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (location.pathname !== path) void navigate(path, { replace: true });
  }, [path, location.pathname, navigate]);
}

function CodeStep({ kyc, code }: { kyc: KycActor; code: OneTimeCodeActor }) {
  const intl = useIntl();
  useCodeAddress(kyc, code);
  useCodeSentNotice(code);
  return (
    <OneTimeCodeStep
      actor={code}
      intro={intl.formatMessage({
        id: 'kyc.otp.method.intro',
        defaultMessage:
          'Before you verify your identity, we send you a one-time code. Choose where it should go.',
      })}
      notice={<KycErrorAlert kyc={kyc} />}
    />
  );
}

/** Before the details: confirm it is you with a fresh one-time code (the oneTimeCode child's step). */
export function ConfirmStep({ kyc }: { kyc: KycActor }) {
  const code = useKyc(kyc, selectKycCodeActor);
  if (!code) return <PageSpinner />;
  return <CodeStep key={code.sessionId} kyc={kyc} code={code} />;
}
