import type { IntlShape } from 'react-intl';
import type { KycError } from '../../../machines/identityVerification.machine';
import type { KycCriterion, KycDocumentType, KycSide } from '../../../schemas/kyc.schema';
import { errorMessages, loginErrorText } from '../../i18n/errorMessages';

export function documentTypeName(intl: IntlShape, type: KycDocumentType): string {
  switch (type) {
    case 'passport':
      return intl.formatMessage({ id: 'kyc.document.passport', defaultMessage: 'Passport' });
    case 'id_card':
      return intl.formatMessage({ id: 'kyc.document.idCard', defaultMessage: 'Identity card' });
    case 'driving_licence':
      return intl.formatMessage({ id: 'kyc.document.drivingLicence', defaultMessage: 'Driving licence' });
  }
}

export function sideTitle(intl: IntlShape, side: KycSide): string {
  switch (side) {
    case 'front':
      return intl.formatMessage({ id: 'kyc.side.front', defaultMessage: 'Front of your document' });
    case 'back':
      return intl.formatMessage({ id: 'kyc.side.back', defaultMessage: 'Back of your document' });
    case 'selfie':
      return intl.formatMessage({ id: 'kyc.side.selfie', defaultMessage: 'A selfie' });
  }
}

/** What each check means, passed or failed. */
export function criterionText(intl: IntlShape, criterion: KycCriterion, passed: boolean): string {
  switch (criterion) {
    case 'images_complete':
      return passed
        ? intl.formatMessage({ id: 'kyc.check.complete.ok', defaultMessage: 'Every photo is there.' })
        : intl.formatMessage({
            id: 'kyc.check.complete.failed',
            defaultMessage: 'A photo is missing: take each side of the document and a selfie.',
          });
    case 'image_type':
      return passed
        ? intl.formatMessage({
            id: 'kyc.check.type.ok',
            defaultMessage: 'The photos are JPEG or PNG images.',
          })
        : intl.formatMessage({
            id: 'kyc.check.type.failed',
            defaultMessage: 'A photo is not a JPEG or PNG image.',
          });
    case 'image_dimensions':
      return passed
        ? intl.formatMessage({ id: 'kyc.check.size.ok', defaultMessage: 'The photos are large enough.' })
        : intl.formatMessage({
            id: 'kyc.check.size.failed',
            defaultMessage: 'A photo is too small: it must be at least 600 × 400 pixels.',
          });
    case 'document_not_expired':
      return passed
        ? intl.formatMessage({ id: 'kyc.check.expiry.ok', defaultMessage: 'The document has not expired.' })
        : intl.formatMessage({ id: 'kyc.check.expiry.failed', defaultMessage: 'The document has expired.' });
    case 'name_matches_representative':
      return passed
        ? intl.formatMessage({
            id: 'kyc.check.name.ok',
            defaultMessage: 'The name matches the representative in your onboarding.',
          })
        : intl.formatMessage({
            id: 'kyc.check.name.failed',
            defaultMessage:
              'The name on the document does not match the representative in your onboarding. Check both.',
          });
  }
}

/** The sentence shown for a failed load, start, upload or evaluation (the code step words its own). */
export function kycErrorText(intl: IntlShape, error: KycError): string {
  switch (error) {
    case 'rate_limited':
      // The same sentence as at sign-in.
      return loginErrorText(intl, error, null);
    case 'step_up_required':
      return intl.formatMessage({
        id: 'kyc.error.stepUpRequired',
        defaultMessage:
          'Your confirmation has expired. Confirm it is you with a new one-time code; what you entered is kept.',
      });
    case 'validation_failed':
      return intl.formatMessage({
        id: 'kyc.error.validation',
        defaultMessage: 'This was not accepted. Check what you entered or choose another photo.',
      });
    case 'unsupported_file_type':
      return intl.formatMessage({ id: 'kyc.error.type', defaultMessage: 'Choose a JPEG or PNG photo.' });
    case 'payload_too_large':
      return intl.formatMessage({ id: 'kyc.error.tooLarge', defaultMessage: 'The photo is too large.' });
    case 'onboarding_locked':
      return intl.formatMessage({
        id: 'kyc.error.locked',
        defaultMessage: 'Your information is in review and cannot be changed now.',
      });
    case 'network':
      return intl.formatMessage(errorMessages.network);
    case 'unknown':
      return intl.formatMessage(errorMessages.unknown);
  }
}

/** The form schema's own messages that the onboarding translations do not cover. */
export function translateKycIssue(intl: IntlShape, message: string | null): string | null {
  switch (message) {
    case 'The document has expired.':
      return intl.formatMessage({
        id: 'kyc.check.expiry.failed',
        defaultMessage: 'The document has expired.',
      });
    case 'Only Latin letters and numbers allowed.':
      return intl.formatMessage({
        id: 'kyc.error.documentNumber',
        defaultMessage: 'Only Latin letters and numbers allowed.',
      });
    default:
      return message;
  }
}
