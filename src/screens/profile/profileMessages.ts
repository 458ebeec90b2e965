import { defineMessage, defineMessages } from 'react-intl';

/** The profile pages' texts (SPEC §2 /profile/:page?). */
export const profileMessages = defineMessages({
  navLabel: { id: 'profile.nav.label', defaultMessage: 'Profile' },
  billing: { id: 'profile.nav.billing', defaultMessage: 'Billing' },
  companyInformation: { id: 'profile.nav.companyInformation', defaultMessage: 'Company information' },
  companyDetails: { id: 'profile.nav.companyDetails', defaultMessage: 'Company details' },
  companyStructure: { id: 'profile.nav.companyStructure', defaultMessage: 'Company structure' },
  documents: { id: 'profile.nav.documents', defaultMessage: 'Documents' },
  representative: { id: 'profile.nav.representative', defaultMessage: 'Representative' },
  aboutUs: { id: 'profile.nav.aboutUs', defaultMessage: 'About us' },
  notProvided: { id: 'profile.value.none', defaultMessage: 'Not provided' },
  noOnboarding: {
    id: 'profile.noOnboarding',
    defaultMessage: 'Nothing here yet: this part of the profile is filled in during onboarding.',
  },
  readOnly: {
    id: 'profile.readOnly',
    defaultMessage: 'You can change the profile once your company is approved.',
  },
  // Legal data and review.
  legalIntro: {
    id: 'profile.legal.intro',
    defaultMessage:
      'Changes to legal details are checked by the bank before they apply. Until then the current details stay in force.',
  },
  edit: { id: 'profile.legal.edit', defaultMessage: 'Edit legal details' },
  editIdentity: { id: 'profile.representative.editIdentity', defaultMessage: 'Edit identity' },
  sendForReview: { id: 'profile.legal.send', defaultMessage: 'Send for review' },
  cancel: { id: 'profile.cancel', defaultMessage: 'Cancel' },
  pendingReview: { id: 'profile.pending.badge', defaultMessage: 'Pending review' },
  sentForReview: {
    id: 'profile.pending.sent',
    defaultMessage: 'Sent for review. The bank will check the change; the current details apply until then.',
  },
  lastRejected: { id: 'profile.change.rejected', defaultMessage: 'Your last change was not approved.' },
  unchanged: { id: 'profile.error.unchanged', defaultMessage: 'This changes nothing.' },
  alreadyPending: {
    id: 'profile.error.pending',
    defaultMessage: 'A change of these details already waits for review.',
  },
  sendFailed: {
    id: 'profile.error.send',
    defaultMessage: 'The change could not be sent. Please try again.',
  },
  saveFailed: {
    id: 'profile.error.save',
    defaultMessage: 'The details could not be saved. Please try again.',
  },
  checkFields: { id: 'profile.error.fields', defaultMessage: 'Check the highlighted fields.' },
  saved: { id: 'profile.saved', defaultMessage: 'Settings saved' },
  save: { id: 'profile.save', defaultMessage: 'Save' },
  // Company fields.
  legalName: { id: 'profile.field.legalName', defaultMessage: 'Legal name' },
  tradingName: { id: 'profile.field.tradingName', defaultMessage: 'Trading name' },
  legalForm: { id: 'profile.field.legalForm', defaultMessage: 'Legal form' },
  country: { id: 'profile.field.country', defaultMessage: 'Country of registration' },
  registrationNumber: { id: 'profile.field.registrationNumber', defaultMessage: 'Registration number' },
  vatNumber: { id: 'profile.field.vatNumber', defaultMessage: 'VAT number' },
  ticNumber: { id: 'profile.field.ticNumber', defaultMessage: 'Tax identification number' },
  registeredAddress: { id: 'profile.field.registeredAddress', defaultMessage: 'Registered address' },
  tradingAddress: { id: 'profile.field.tradingAddress', defaultMessage: 'Trading address' },
  sameAsRegistered: {
    id: 'profile.field.sameAsRegistered',
    defaultMessage: 'Same as the registered address',
  },
  phone: { id: 'profile.field.phone', defaultMessage: 'Phone number' },
  website: { id: 'profile.field.website', defaultMessage: 'Website' },
  contactEmail: { id: 'profile.field.contactEmail', defaultMessage: 'Contact email' },
  industry: { id: 'profile.field.industry', defaultMessage: 'Industry' },
  size: { id: 'profile.field.size', defaultMessage: 'Company size' },
  turnover: { id: 'profile.field.turnover', defaultMessage: 'Annual turnover' },
  choose: { id: 'profile.field.choose', defaultMessage: 'Choose…' },
  contactIntro: {
    id: 'profile.details.intro',
    defaultMessage: 'How customers and the bank reach you. These details change as soon as you save them.',
  },
  // Logo.
  logo: { id: 'profile.logo.title', defaultMessage: 'Company logo' },
  noLogo: { id: 'profile.logo.none', defaultMessage: 'No logo yet.' },
  logoFile: { id: 'profile.logo.file', defaultMessage: 'Logo image' },
  logoHint: {
    id: 'profile.logo.hint',
    defaultMessage: 'PNG, JPEG or WebP, at most 10 MB. We resize it to fit 512 × 512 pixels.',
  },
  uploadLogo: { id: 'profile.logo.upload', defaultMessage: 'Upload logo' },
  logoUploaded: { id: 'profile.logo.uploaded', defaultMessage: 'Logo updated' },
  // Structure.
  structureIntro: {
    id: 'profile.structure.intro',
    defaultMessage: 'Who runs and who owns the company, as registered with the bank.',
  },
  directors: { id: 'profile.structure.directors', defaultMessage: 'Directors' },
  shareholders: { id: 'profile.structure.shareholders', defaultMessage: 'Shareholders' },
  legalRepresentative: {
    id: 'profile.structure.legalRepresentative',
    defaultMessage: 'Legal representative',
  },
  individual: { id: 'profile.structure.individual', defaultMessage: 'Individual' },
  companyHolder: { id: 'profile.structure.company', defaultMessage: 'Company' },
  control: { id: 'profile.structure.control', defaultMessage: 'Has control' },
  ubosKnown: { id: 'profile.structure.ubosKnown', defaultMessage: 'Ultimate beneficial owners are known.' },
  ubosUnknown: {
    id: 'profile.structure.ubosUnknown',
    defaultMessage: 'Ultimate beneficial owners are not known.',
  },
  structureReview: {
    id: 'profile.structure.review',
    defaultMessage:
      'Changes to directors and shareholders are checked by the bank before they apply. Upload the documents that support them, such as the updated articles of association or share register.',
  },
  editDirectors: { id: 'profile.structure.editDirectors', defaultMessage: 'Edit directors' },
  editShareholders: { id: 'profile.structure.editShareholders', defaultMessage: 'Edit shareholders' },
  // Documents.
  documentsIntro: {
    id: 'profile.documents.intro',
    defaultMessage: 'Your latest documents first. Upload more whenever the bank asks for them.',
  },
  noDocuments: { id: 'profile.documents.none', defaultMessage: 'No documents yet.' },
  fileName: { id: 'profile.documents.name', defaultMessage: 'File' },
  documentType: { id: 'profile.documents.type', defaultMessage: 'Document type' },
  uploadedAt: { id: 'profile.documents.date', defaultMessage: 'Uploaded' },
  fileSize: { id: 'profile.documents.size', defaultMessage: 'Size' },
  download: { id: 'profile.documents.download', defaultMessage: 'Download' },
  downloadFailed: {
    id: 'profile.documents.downloadFailed',
    defaultMessage: 'The document could not be downloaded. Please try again.',
  },
  uploadTitle: { id: 'profile.documents.uploadTitle', defaultMessage: 'Upload a document' },
  file: { id: 'profile.documents.file', defaultMessage: 'File' },
  fileHint: { id: 'profile.documents.fileHint', defaultMessage: 'PDF, JPEG or PNG, at most 10 MB.' },
  upload: { id: 'profile.documents.upload', defaultMessage: 'Upload' },
  uploaded: { id: 'profile.documents.uploaded', defaultMessage: 'Document uploaded' },
  uploadFailed: {
    id: 'profile.documents.uploadFailed',
    defaultMessage: 'The file could not be uploaded. Please try again.',
  },
  wrongType: { id: 'profile.documents.wrongType', defaultMessage: 'This type of file is not accepted.' },
  tooLarge: { id: 'profile.documents.tooLarge', defaultMessage: 'The file is larger than 10 MB.' },
  chooseFile: { id: 'profile.documents.chooseFile', defaultMessage: 'Choose a file and a document type.' },
  // Representative.
  representativeIntro: {
    id: 'profile.representative.intro',
    defaultMessage: 'The person who acts for the company with the bank.',
  },
  firstName: { id: 'profile.field.firstName', defaultMessage: 'First name' },
  lastName: { id: 'profile.field.lastName', defaultMessage: 'Last name' },
  dateOfBirth: { id: 'profile.field.dateOfBirth', defaultMessage: 'Date of birth' },
  citizenship: { id: 'profile.field.citizenship', defaultMessage: 'Citizenship' },
  jobTitle: { id: 'profile.field.jobTitle', defaultMessage: 'Job title' },
  contactDetails: { id: 'profile.representative.contact', defaultMessage: 'Role and phone' },
  // About us.
  aboutTitle: { id: 'profile.about.title', defaultMessage: 'About Tameio' },
  aboutBody: {
    id: 'profile.about.body',
    defaultMessage:
      'Tameio is a business account for merchants: one place to receive and send payments, issue cards to your team, follow your spending and download statements.',
  },
  aboutSafety: {
    id: 'profile.about.safety',
    defaultMessage:
      'Your money is kept separate from our own funds. Every payment asks for a second factor, and card details stay encrypted.',
  },
  aboutContactTitle: { id: 'profile.about.contactTitle', defaultMessage: 'Contact us' },
  aboutHours: {
    id: 'profile.about.hours',
    defaultMessage: 'Customer support answers Monday to Friday, 09:00 to 18:00 Athens time.',
  },
  aboutEmail: { id: 'profile.about.email', defaultMessage: 'Email' },
  aboutAddress: { id: 'profile.about.address', defaultMessage: 'Address' },
  aboutAddressValue: { id: 'profile.about.addressValue', defaultMessage: 'Ermou 1, 105 63 Athens, Greece' },
  aboutLegal: { id: 'profile.about.legal', defaultMessage: 'Terms of use and privacy policy' },
});

export const sentOn = defineMessage<Record<string, string>>({
  id: 'profile.pending.sentOn',
  defaultMessage: 'Sent on {date}. The current details apply until the bank approves the change.',
});
export const rejectedReason = defineMessage<Record<string, string>>({
  id: 'profile.change.reason',
  defaultMessage: 'Reason: {reason}',
});
export const ownership = defineMessage<Record<string, string>>({
  id: 'profile.structure.ownership',
  defaultMessage: '{name}: owns {share}',
});
export const personName = defineMessage<Record<string, string>>({
  id: 'profile.structure.person',
  defaultMessage: '{first} {last}',
});
export const downloadLabel = defineMessage<Record<string, string>>({
  id: 'profile.documents.downloadLabel',
  defaultMessage: 'Download {name}',
});
export const logoAlt = defineMessage<Record<string, string>>({
  id: 'profile.logo.alt',
  defaultMessage: 'Logo of {name}',
});
