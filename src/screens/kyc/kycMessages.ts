import type { IntlShape } from 'react-intl';
import type { KycError, KycErrorDetails } from '../../../machines/identityVerification.machine';
import type { ErrorCode } from '../../../schemas/error.schema';
import {
  defaultUploadLimitBytes,
  kycImageContentTypes,
  kycMinLongSide,
  kycMinShortSide,
  type KycCriteria,
  type KycCriterion,
  type KycDocumentType,
  type KycSide,
} from '../../../schemas/kyc.schema';
import { errorMessages, loginErrorText } from '../../i18n/errorMessages';
import { fileErrorText, type FileRules } from '../../ui/fileErrors';

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
        : intl.formatMessage(
            {
              id: 'kyc.check.size.failed',
              defaultMessage: 'A photo is too small: it must be at least {long} × {short} pixels.',
            },
            { long: kycMinLongSide, short: kycMinShortSide },
          );
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

/**
 * What a photo must be: the server's criteria once loaded, else the shared constants the server checks with (the
 * limit's default; setting UPLOAD_LIMIT_BYTES changes it, and the criteria say so).
 */
export function kycPhotoRules(criteria: KycCriteria | null): FileRules {
  return {
    types: criteria?.image.content_types ?? kycImageContentTypes,
    maxBytes: criteria?.image.max_bytes ?? defaultUploadLimitBytes,
    minPixels: {
      long: criteria?.image.min_width ?? kycMinLongSide,
      short: criteria?.image.min_height ?? kycMinShortSide,
    },
  };
}

/**
 * The sentence shown beside the photo field when a photo was refused: the rule it broke, with the server's figures
 * (a photo too small says its own size and the smallest accepted).
 */
export function kycPhotoErrorText(
  intl: IntlShape,
  error: KycError,
  details: KycErrorDetails,
  criteria: KycCriteria | null,
): string {
  switch (error) {
    case 'step_up_required':
    case 'rate_limited':
    case 'unknown':
      return kycErrorText(intl, error);
    default:
      return fileErrorText(intl, { code: error, details }, kycPhotoRules(criteria));
  }
}

/**
 * The sentence shown for a failed load, start, upload or evaluation (the code step words its own). Any code an
 * identity verification endpoint answers has its own words (tests/api/uploadErrorWords.test.ts).
 */
export function kycErrorText(intl: IntlShape, error: KycError | ErrorCode): string {
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
        id: 'kyc.error.details',
        defaultMessage: 'Some details were not accepted. Check the fields marked below.',
      });
    case 'unsupported_file_type':
    case 'payload_too_large':
      return fileErrorText(intl, { code: error }, kycPhotoRules(null));
    case 'onboarding_locked':
      return intl.formatMessage({
        id: 'kyc.error.locked',
        defaultMessage: 'Your information is in review and cannot be changed now.',
      });
    case 'step_locked':
      return intl.formatMessage({
        id: 'kyc.error.stepLocked',
        defaultMessage:
          'The bank asked for more information on other steps: the identity verification stays as it is.',
      });
    case 'forbidden':
      return intl.formatMessage({
        id: 'kyc.error.forbidden',
        defaultMessage: 'Only the owner of the company can verify the representative’s identity.',
      });
    case 'not_found':
      return intl.formatMessage({
        id: 'kyc.error.notFound',
        defaultMessage: 'This verification is no longer there. Start over to begin a new one.',
      });
    case 'conflict':
      return intl.formatMessage({
        id: 'kyc.error.conflict',
        defaultMessage:
          'This verification has passed already: nothing more is needed. Reload the page to see it.',
      });
    case 'bad_request':
      return intl.formatMessage({
        id: 'kyc.error.badRequest',
        defaultMessage: 'What was sent could not be read. Reload the page, then try again.',
      });
    case 'unauthorized':
    case 'session_expired':
      return intl.formatMessage(errorMessages.session_expired);
    case 'internal_error':
      return intl.formatMessage({
        id: 'kyc.error.server',
        defaultMessage: 'This could not be done on our side. Try again in a few minutes.',
      });
    case 'network':
    case 'service_unavailable':
      return intl.formatMessage(errorMessages.network);
    default:
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
