import { defineMessages } from 'react-intl';
import { LegalPage, type LegalSection } from './LegalPage';
import type { LegalServices } from './legalService';

const m = defineMessages({
  title: { id: 'privacy.title', defaultMessage: 'Privacy policy' },
  controllerHeading: {
    id: 'privacy.controller.heading',
    defaultMessage: '1. Who is responsible for your data',
  },
  controller1: {
    id: 'privacy.controller.p1',
    defaultMessage:
      'Tameio Payments S.A. is the controller of the personal data described here, under the General Data Protection Regulation (EU) 2016/679 (GDPR) and Greek law 4624/2019. Our data protection officer can be reached at privacy@tameio.test.',
  },
  controller2: {
    id: 'privacy.controller.p2',
    defaultMessage:
      'This policy covers the people we deal with for our business customers: representatives, owners, directors, shareholders and invited employees.',
  },
  dataHeading: { id: 'privacy.data.heading', defaultMessage: '2. The data we process' },
  data1: {
    id: 'privacy.data.p1',
    defaultMessage:
      'Identity and contact data: names, email address, mobile number, date of birth, citizenship, job title and home address, and the identity documents and selfie you give us for verification.',
  },
  data2: {
    id: 'privacy.data.p2',
    defaultMessage:
      'Business and financial data: company details, ownership and control, expected use of the account, account balances, payments, cards and statements.',
  },
  data3: {
    id: 'privacy.data.p3',
    defaultMessage:
      'Technical data: sign-in events with the IP address and browser, one-time codes (stored only as keyed hashes), your language choice, and the record of which version of our terms and this policy you accepted and when.',
  },
  purposesHeading: {
    id: 'privacy.purposes.heading',
    defaultMessage: '3. Why we use it and on what legal basis',
  },
  purposes1: {
    id: 'privacy.purposes.p1',
    defaultMessage:
      'To open and run your account, make payments and provide cards: this is necessary for the contract with your business (GDPR Article 6(1)(b)).',
  },
  purposes2: {
    id: 'privacy.purposes.p2',
    defaultMessage:
      'To verify identities, prevent money laundering and fraud, report to authorities and keep accounting records: we are legally obliged to (Article 6(1)(c)), in particular under Greek law 4557/2018. Comparing your selfie with your identity document serves this legal duty.',
  },
  purposes3: {
    id: 'privacy.purposes.p3',
    defaultMessage:
      'To keep the service secure (second factor, bot check, rate limits, sign-in logs) and to improve it: our legitimate interest in a safe, working service (Article 6(1)(f)). We do not send marketing without your consent, which you can withdraw at any time.',
  },
  sharingHeading: { id: 'privacy.sharing.heading', defaultMessage: '4. Who receives it' },
  sharing1: {
    id: 'privacy.sharing.p1',
    defaultMessage:
      'Service providers that work for us under contract and our instructions (hosting, email and SMS delivery, identity verification), banks and card schemes that carry out your payments, and public authorities when the law requires it. We never sell personal data.',
  },
  sharing2: {
    id: 'privacy.sharing.p2',
    defaultMessage:
      'We keep data in the European Economic Area. If a provider must process it elsewhere, we use the safeguards of the GDPR, such as the European Commission’s standard contractual clauses.',
  },
  retentionHeading: { id: 'privacy.retention.heading', defaultMessage: '5. How long we keep it' },
  retention1: {
    id: 'privacy.retention.p1',
    defaultMessage:
      'An unfinished registration expires after 24 hours. Customer, verification and transaction data are kept for as long as the account is open and then for five years, as anti-money-laundering law requires; accounting records are kept for the periods set by tax law.',
  },
  retention2: {
    id: 'privacy.retention.p2',
    defaultMessage:
      'Sign-in and security logs are kept for up to 12 months; one-time codes expire after {codeMinutes, plural, one {# minute} other {# minutes}}. When a period ends we delete the data or make it anonymous.',
  },
  rightsHeading: { id: 'privacy.rights.heading', defaultMessage: '6. Your rights' },
  rights1: {
    id: 'privacy.rights.p1',
    defaultMessage:
      'You may ask for access to your data, its correction or erasure, the restriction of its use, and a copy in a portable format; you may object to processing based on our legitimate interests. Write to privacy@tameio.test; we answer within one month.',
  },
  rights2: {
    id: 'privacy.rights.p2',
    defaultMessage:
      'Some data must be kept by law even if you ask us to erase it. Decisions on applications are reviewed by a person. You may also complain to the Hellenic Data Protection Authority (www.dpa.gr) or the authority of the country where you live or work.',
  },
  securityHeading: { id: 'privacy.security.heading', defaultMessage: '7. Security and cookies' },
  security1: {
    id: 'privacy.security.p1',
    defaultMessage:
      'Passwords are stored only as Argon2id hashes, every sign-in needs a second factor, and all traffic is encrypted. Card data is encrypted at rest.',
  },
  security2: {
    id: 'privacy.security.p2',
    defaultMessage:
      'We use one strictly necessary cookie, which keeps you signed in and cannot be read by page scripts, and we store your language choice in your browser. We use no advertising or tracking cookies.',
  },
  changesHeading: { id: 'privacy.changes.heading', defaultMessage: '8. Changes to this policy' },
  changes1: {
    id: 'privacy.changes.p1',
    defaultMessage:
      'When we change this policy we publish the new version here with its date, and tell you by email before important changes take effect.',
  },
});

const sections: LegalSection[] = [
  { heading: m.controllerHeading, paragraphs: [m.controller1, m.controller2] },
  { heading: m.dataHeading, paragraphs: [m.data1, m.data2, m.data3] },
  { heading: m.purposesHeading, paragraphs: [m.purposes1, m.purposes2, m.purposes3] },
  { heading: m.sharingHeading, paragraphs: [m.sharing1, m.sharing2] },
  { heading: m.retentionHeading, paragraphs: [m.retention1, m.retention2] },
  { heading: m.rightsHeading, paragraphs: [m.rights1, m.rights2] },
  { heading: m.securityHeading, paragraphs: [m.security1, m.security2] },
  { heading: m.changesHeading, paragraphs: [m.changes1] },
];

/** SPEC §2 /privacy-policy: public; a GDPR Articles 13-14 notice. */
export function PrivacyPolicyScreen({ services }: { services?: LegalServices }) {
  return (
    <LegalPage
      title={m.title}
      {...(services ? { services } : {})}
      document="privacy_policy"
      sections={sections}
    />
  );
}

export default PrivacyPolicyScreen;
