import type { IntlShape } from 'react-intl';
import type { DocumentType } from '../../schemas/onboarding.schema';

/** A company document's kind in words: onboarding's uploads and the profile's documents. */
export function documentTypeName(intl: IntlShape, type: DocumentType | 'company_logo'): string {
  switch (type) {
    case 'certificate_of_registration':
      return intl.formatMessage({
        id: 'onboarding.documents.certificate',
        defaultMessage: 'Certificate of registration',
      });
    case 'articles_of_association':
      return intl.formatMessage({
        id: 'onboarding.documents.articles',
        defaultMessage: 'Articles of association',
      });
    case 'representative_id':
      return intl.formatMessage({
        id: 'onboarding.documents.representativeId',
        defaultMessage: "Representative's identity document",
      });
    case 'proof_of_address':
      return intl.formatMessage({
        id: 'onboarding.documents.proofOfAddress',
        defaultMessage: 'Proof of address',
      });
    case 'tax_registration':
      return intl.formatMessage({ id: 'onboarding.documents.tax', defaultMessage: 'Tax registration' });
    case 'shareholder_register':
      return intl.formatMessage({
        id: 'onboarding.documents.shareholderRegister',
        defaultMessage: 'Shareholder register',
      });
    case 'other':
      return intl.formatMessage({ id: 'onboarding.documents.other', defaultMessage: 'Other document' });
    case 'company_logo':
      return intl.formatMessage({ id: 'onboarding.documents.logo', defaultMessage: 'Company logo' });
  }
}
