import type { IntlShape } from 'react-intl';
import { errorMessages } from '../i18n/errorMessages';

/**
 * What a file field accepts, as its words quote it: from shared constants (schemas/) or the server's own criteria,
 * never typed into a sentence by hand, so the words cannot drift from what the server checks.
 */
export type FileRules = {
  /** The accepted content types, e.g. `image/jpeg`; the server checks the bytes, not the name. */
  types: readonly string[];
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** For photos: the smallest size in pixels, either way round. */
  minPixels?: { long: number; short: number };
};

/** A refused upload as the app received it: the server's code and, where it sent them, its facts. */
export type FileFailure = {
  code: string;
  details?: Record<string, string | number | boolean | null> | undefined;
};

const megabyte = 1024 * 1024;

/** "PDF", "JPEG", "PNG" from their content types. */
function typeName(type: string): string {
  return (type.split('/')[1] ?? type).toUpperCase();
}

/** "PDF, JPEG or PNG" / "PDF, JPEG ή PNG": the accepted types as a choice. */
export function fileTypeList(intl: IntlShape, types: readonly string[]): string {
  const names = types.map(typeName);
  const last = names.pop();
  if (last === undefined) return '';
  if (names.length === 0) return last;
  return intl.formatMessage(
    { id: 'files.typeList', defaultMessage: '{others} or {last}' },
    { others: names.join(', '), last },
  );
}

/** A size as the upload rules count it (1 MB = 1024 × 1024 bytes): "10 MB", "840 KB". */
export function fileSizeText(intl: IntlShape, bytes: number): string {
  if (bytes >= megabyte) {
    return intl.formatNumber(bytes / megabyte, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  }
  return intl.formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' });
}

function numberDetail(failure: FileFailure, name: string): number | null {
  const value = failure.details?.[name];
  return typeof value === 'number' ? value : null;
}

/**
 * The words shown beside a file field when an upload was refused: what was wrong and what to do, with the rules'
 * quantities. Every code an upload endpoint can answer has its own sentence (tests/api/uploadErrorWords.test.ts).
 */
export function fileErrorText(intl: IntlShape, failure: FileFailure, rules: FileRules): string {
  const types = fileTypeList(intl, rules.types);
  switch (failure.code) {
    case 'unsupported_file_type':
      return intl.formatMessage(
        {
          id: 'files.error.type',
          defaultMessage:
            'This file is not a {types} file: we look at what is inside it, not at its name. Save or scan it as {types} and choose it again.',
        },
        { types },
      );
    case 'payload_too_large':
      return intl.formatMessage(
        {
          id: 'files.error.tooLarge',
          defaultMessage:
            'This file is larger than {max}. Choose a smaller file, or save or scan it at a lower resolution.',
        },
        { max: fileSizeText(intl, numberDetail(failure, 'max_bytes') ?? rules.maxBytes) },
      );
    case 'validation_failed': {
      const width = numberDetail(failure, 'width');
      const height = numberDetail(failure, 'height');
      if (rules.minPixels && width !== null && height !== null) {
        return intl.formatMessage(
          {
            id: 'files.error.tooSmall',
            defaultMessage:
              'This photo is {width} × {height} pixels; it must be at least {long} × {short} pixels, either way round. Take it again closer, or choose a larger photo.',
          },
          { width, height, long: rules.minPixels.long, short: rules.minPixels.short },
        );
      }
      return intl.formatMessage(
        {
          id: 'files.error.unreadable',
          defaultMessage:
            'This file is empty or cannot be read. Open it to check it, then choose it again or choose another {types} file.',
        },
        { types },
      );
    }
    case 'invalid_image':
      return intl.formatMessage(
        {
          id: 'files.error.invalidImage',
          defaultMessage: 'This image cannot be read. Choose another {types} image.',
        },
        { types },
      );
    case 'bad_request':
      return intl.formatMessage({
        id: 'files.error.incomplete',
        defaultMessage: 'The file did not arrive whole. Choose it again.',
      });
    case 'step_locked':
      return intl.formatMessage({
        id: 'files.error.stepLocked',
        defaultMessage:
          'The bank asked for more information on other steps: these files stay as they are. Change the steps it named.',
      });
    case 'onboarding_locked':
      return intl.formatMessage({
        id: 'files.error.locked',
        defaultMessage:
          'Your information is in review, so files cannot be added or changed now. We will write to you if we need anything.',
      });
    case 'forbidden':
      return intl.formatMessage({
        id: 'files.error.forbidden',
        defaultMessage:
          'Only the owner of the company can add these files. Ask the owner to sign in and add them.',
      });
    case 'not_found':
      return intl.formatMessage({
        id: 'files.error.notFound',
        defaultMessage:
          'What this file belonged to is no longer there. Reload the page and start this step again.',
      });
    case 'conflict':
      return intl.formatMessage({
        id: 'files.error.conflict',
        defaultMessage: 'This is already done and cannot change now. Reload the page to see where it stands.',
      });
    case 'rate_limited':
      return intl.formatMessage({
        id: 'files.error.rateLimited',
        defaultMessage: 'Too many files in a short time. Wait a minute, then choose the file again.',
      });
    case 'unauthorized':
    case 'session_expired':
      return intl.formatMessage({
        id: 'files.error.signedOut',
        defaultMessage: 'You were signed out, so the file was not sent. Sign in again, then choose it again.',
      });
    case 'internal_error':
      return intl.formatMessage({
        id: 'files.error.server',
        defaultMessage: 'The file could not be stored on our side. Try again in a few minutes.',
      });
    case 'network':
    case 'service_unavailable':
      return intl.formatMessage({
        id: 'files.error.network',
        defaultMessage:
          'The file was not sent: the connection was lost. Check it, then choose the file again.',
      });
    default:
      return intl.formatMessage(errorMessages.unknown);
  }
}
