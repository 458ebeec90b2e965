import { useIntl } from 'react-intl';
import { selectKycError } from '../../../machines/identityVerification.machine';
import { Alert } from '../../ui/Layout';
import { useKyc, type KycActor } from './kycActor';
import { kycErrorText } from './kycMessages';

export function KycErrorAlert({ kyc }: { kyc: KycActor }) {
  const intl = useIntl();
  const error = useKyc(kyc, selectKycError);
  if (!error) return null;
  return <Alert role="alert">{kycErrorText(intl, error)}</Alert>;
}
