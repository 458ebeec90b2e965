import { defineMessages } from 'react-intl';
import { LegalPage, type LegalSection } from './LegalPage';
import type { LegalServices } from './legalService';

const m = defineMessages({
  title: { id: 'terms.title', defaultMessage: 'Terms of use' },
  aboutHeading: { id: 'terms.about.heading', defaultMessage: '1. About these terms' },
  about1: {
    id: 'terms.about.p1',
    defaultMessage:
      'These terms form the agreement between Tameio Payments S.A. ("Tameio", "we") and the business that opens a Tameio account ("you"). They govern the use of the Tameio web application and the business account, payment, card and related services offered through it.',
  },
  about2: {
    id: 'terms.about.p2',
    defaultMessage:
      'By creating an account you confirm that you have read and accept these terms on behalf of your business. The privacy policy explains how we handle personal data and forms part of this agreement.',
  },
  eligibilityHeading: { id: 'terms.eligibility.heading', defaultMessage: '2. Who may open an account' },
  eligibility1: {
    id: 'terms.eligibility.p1',
    defaultMessage:
      'Tameio is for businesses only: companies, partnerships and sole traders established in the European Economic Area. The person who registers must be at least 18 years old and authorised to act for the business.',
  },
  eligibility2: {
    id: 'terms.eligibility.p2',
    defaultMessage:
      'You must give us true, complete and current information, and tell us without delay when something changes, such as the business address, its directors or its owners.',
  },
  onboardingHeading: { id: 'terms.onboarding.heading', defaultMessage: '3. Verification and approval' },
  onboarding1: {
    id: 'terms.onboarding.p1',
    defaultMessage:
      'The law requires us to know our customers. Before your account opens we verify the business, its representative, directors and beneficial owners, and we may ask for documents at any time while the account is open.',
  },
  onboarding2: {
    id: 'terms.onboarding.p2',
    defaultMessage:
      'Money features (top-ups, payments and cards) become available only after we approve your application. We may refuse an application; where the law allows, we tell you why.',
  },
  securityHeading: { id: 'terms.security.heading', defaultMessage: '4. Keeping your account safe' },
  security1: {
    id: 'terms.security.p1',
    defaultMessage:
      'Signing in needs your password and a one-time code sent to your email or mobile phone. Keep your password and codes secret: Tameio staff will never ask for them.',
  },
  security2: {
    id: 'terms.security.p2',
    defaultMessage:
      'You are responsible for the people you invite to your account and for the roles you give them. Tell us at once if you suspect that someone else has used your account or a card, so that we can block it.',
  },
  useHeading: { id: 'terms.use.heading', defaultMessage: '5. Acceptable use' },
  use1: {
    id: 'terms.use.p1',
    defaultMessage:
      'You may not use Tameio for anything unlawful, including fraud, money laundering, terrorist financing, breaking sanctions or trading in prohibited goods and services, nor try to disturb, probe or overload the service.',
  },
  use2: {
    id: 'terms.use.p2',
    defaultMessage:
      'We monitor transactions as the law requires and may delay or refuse a payment that we reasonably believe breaks these rules or the law.',
  },
  paymentsHeading: { id: 'terms.payments.heading', defaultMessage: '6. Payments and fees' },
  payments1: {
    id: 'terms.payments.p1',
    defaultMessage:
      'The fees of your plan are shown in the app before you choose it, and the fee of each payment is shown before you confirm it. We take fees from your account balance when they fall due.',
  },
  payments2: {
    id: 'terms.payments.p2',
    defaultMessage:
      'Check the recipient and the amount before you confirm a payment: once executed, a payment can only be recalled where the payment rules allow it.',
  },
  closingHeading: { id: 'terms.closing.heading', defaultMessage: '7. Suspension and closing' },
  closing1: {
    id: 'terms.closing.p1',
    defaultMessage:
      'You may close your account at any time from the app; a paid plan ends at the end of its billing period. We return any remaining balance to an account in your business’s name.',
  },
  closing2: {
    id: 'terms.closing.p2',
    defaultMessage:
      'We may suspend or close an account to protect you or us, when the law requires it, or when these terms are seriously broken. Unless the law forbids it, we tell you in advance, or at once afterwards when a delay would be unsafe.',
  },
  liabilityHeading: { id: 'terms.liability.heading', defaultMessage: '8. Liability' },
  liability1: {
    id: 'terms.liability.p1',
    defaultMessage:
      'We provide the service with reasonable care and skill. We are not liable for indirect or consequential loss, such as lost profit, nor for failures caused by events beyond our reasonable control. Nothing in these terms limits liability that the law does not allow to be limited.',
  },
  changesHeading: { id: 'terms.changes.heading', defaultMessage: '9. Changes to these terms' },
  changes1: {
    id: 'terms.changes.p1',
    defaultMessage:
      'We tell you about changes to these terms at least 30 days before they take effect, by email and in the app. If you do not agree, you may close your account free of charge before the change applies.',
  },
  lawHeading: { id: 'terms.law.heading', defaultMessage: '10. Complaints, law and courts' },
  law1: {
    id: 'terms.law.p1',
    defaultMessage:
      'Please send complaints to support@tameio.test; we answer within 15 business days. These terms are governed by Greek law, and the courts of Athens have jurisdiction, without prejudice to any mandatory rights you may have.',
  },
});

const sections: LegalSection[] = [
  { heading: m.aboutHeading, paragraphs: [m.about1, m.about2] },
  { heading: m.eligibilityHeading, paragraphs: [m.eligibility1, m.eligibility2] },
  { heading: m.onboardingHeading, paragraphs: [m.onboarding1, m.onboarding2] },
  { heading: m.securityHeading, paragraphs: [m.security1, m.security2] },
  { heading: m.useHeading, paragraphs: [m.use1, m.use2] },
  { heading: m.paymentsHeading, paragraphs: [m.payments1, m.payments2] },
  { heading: m.closingHeading, paragraphs: [m.closing1, m.closing2] },
  { heading: m.liabilityHeading, paragraphs: [m.liability1] },
  { heading: m.changesHeading, paragraphs: [m.changes1] },
  { heading: m.lawHeading, paragraphs: [m.law1] },
];

/** SPEC §2 /terms-of-use: public. */
export function TermsOfUseScreen({ services }: { services?: LegalServices }) {
  return (
    <LegalPage
      title={m.title}
      {...(services ? { services } : {})}
      document="terms_of_use"
      sections={sections}
    />
  );
}

export default TermsOfUseScreen;
