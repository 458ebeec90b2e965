import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import {
  countryCodes,
  type DocumentType,
  type LegalEntityTypesResponse,
  type ReferenceItem,
} from '../../schemas/onboarding.schema';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as countries.LocaleData);
countries.registerLocale(require('i18n-iso-countries/langs/el.json') as countries.LocaleData);

const personal: DocumentType[] = ['representative_id', 'proof_of_address'];
const partnership: DocumentType[] = [
  'certificate_of_registration',
  'articles_of_association',
  'tax_registration',
  ...personal,
];
const company: DocumentType[] = [...partnership, 'shareholder_register'];

/** Greek legal forms (GEMI) and the documents each must upload before review. */
export const legalEntityTypes: LegalEntityTypesResponse['items'] = [
  {
    code: 'sole_trader',
    name_en: 'Sole trader',
    name_el: 'Ατομική επιχείρηση',
    required_documents: ['tax_registration', ...personal],
  },
  {
    code: 'oe',
    name_en: 'General partnership (OE)',
    name_el: 'Ομόρρυθμη εταιρεία (ΟΕ)',
    required_documents: partnership,
  },
  {
    code: 'ee',
    name_en: 'Limited partnership (EE)',
    name_el: 'Ετερόρρυθμη εταιρεία (ΕΕ)',
    required_documents: partnership,
  },
  {
    code: 'ike',
    name_en: 'Private company (IKE)',
    name_el: 'Ιδιωτική κεφαλαιουχική εταιρεία (ΙΚΕ)',
    required_documents: company,
  },
  {
    code: 'epe',
    name_en: 'Limited liability company (EPE)',
    name_el: 'Εταιρεία περιορισμένης ευθύνης (ΕΠΕ)',
    required_documents: company,
  },
  {
    code: 'ae',
    name_en: 'Société anonyme (AE)',
    name_el: 'Ανώνυμη εταιρεία (ΑΕ)',
    required_documents: company,
  },
];

export function requiredDocumentsFor(legalForm: string | undefined): DocumentType[] {
  return legalEntityTypes.find((type) => type.code === legalForm)?.required_documents ?? [];
}

export const industries: ReferenceItem[] = [
  { code: 'retail', name_en: 'Retail', name_el: 'Λιανικό εμπόριο' },
  { code: 'food_and_beverage', name_en: 'Food and beverage', name_el: 'Εστίαση' },
  { code: 'hospitality', name_en: 'Hospitality and tourism', name_el: 'Φιλοξενία και τουρισμός' },
  { code: 'professional_services', name_en: 'Professional services', name_el: 'Επαγγελματικές υπηρεσίες' },
  { code: 'technology', name_en: 'Technology', name_el: 'Τεχνολογία' },
  { code: 'construction', name_en: 'Construction', name_el: 'Κατασκευές' },
  { code: 'manufacturing', name_en: 'Manufacturing', name_el: 'Μεταποίηση' },
  { code: 'transport', name_en: 'Transport and logistics', name_el: 'Μεταφορές και logistics' },
  { code: 'health', name_en: 'Health', name_el: 'Υγεία' },
  { code: 'education', name_en: 'Education', name_el: 'Εκπαίδευση' },
  { code: 'ecommerce', name_en: 'E-commerce', name_el: 'Ηλεκτρονικό εμπόριο' },
  { code: 'other', name_en: 'Other', name_el: 'Άλλο' },
];

export const sizes: ReferenceItem[] = [
  { code: '1', name_en: 'Just me', name_el: 'Μόνο εγώ' },
  { code: '2_10', name_en: '2 to 10 people', name_el: '2 έως 10 άτομα' },
  { code: '11_50', name_en: '11 to 50 people', name_el: '11 έως 50 άτομα' },
  { code: '51_250', name_en: '51 to 250 people', name_el: '51 έως 250 άτομα' },
  { code: '251_plus', name_en: 'More than 250 people', name_el: 'Περισσότερα από 250 άτομα' },
];

export const turnovers: ReferenceItem[] = [
  { code: 'under_100k', name_en: 'Under €100,000', name_el: 'Κάτω από 100.000 €' },
  { code: '100k_500k', name_en: '€100,000 to €500,000', name_el: '100.000 € έως 500.000 €' },
  { code: '500k_2m', name_en: '€500,000 to €2 million', name_el: '500.000 € έως 2 εκατ. €' },
  { code: '2m_10m', name_en: '€2 million to €10 million', name_el: '2 εκατ. € έως 10 εκατ. €' },
  { code: 'over_10m', name_en: 'Over €10 million', name_el: 'Πάνω από 10 εκατ. €' },
];

/** ISO 3166-1 alpha-2 codes with English and Greek names, sorted by the English name. */
export const countryList: ReferenceItem[] = countryCodes
  .map((code) => ({
    code,
    name_en: countries.getName(code, 'en') ?? code,
    name_el: countries.getName(code, 'el') ?? code,
  }))
  .sort((a, b) => a.name_en.localeCompare(b.name_en, 'en'));
