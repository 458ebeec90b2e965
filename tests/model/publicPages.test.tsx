import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  legalDocuments,
  type AcceptTermsBody,
  type FaqResponse,
  type LegalAcceptanceStatus,
} from '../../schemas/public.schema';
import { DownloadAppScreen } from '../../src/screens/downloadApp/DownloadAppScreen';
import { filterFaq, searchable } from '../../src/screens/faq/faqSearch';
import { FaqScreen } from '../../src/screens/faq/FaqScreen';
import { faqIn, type LoadFaq } from '../../src/screens/faq/faqService';
import { PrivacyPolicyScreen } from '../../src/screens/legal/PrivacyPolicyScreen';
import { TermsOfUseScreen } from '../../src/screens/legal/TermsOfUseScreen';
import type { LegalServices } from '../../src/screens/legal/legalService';
import { NotFoundScreen } from '../../src/screens/NotFoundScreen';
import { renderScreen } from './harness';
import { demoSession } from './paths';

// The public pages (SPEC §2): /faq, /download-app, the legal texts with their version and acceptance, and
// the not-found page; each in both languages, reachable signed out and signed in (tests/model/routeGuards.test.tsx
// walks the guards), and accessible.

const faq = {
  categories: [
    { id: 'getting_started', title: { en: 'Getting started', el: 'Πρώτα βήματα' } },
    { id: 'cards', title: { en: 'Cards', el: 'Κάρτες' } },
    { id: 'security', title: { en: 'Security', el: 'Ασφάλεια' } },
  ],
  items: [
    {
      id: 'open-account',
      category: 'getting_started',
      question: { en: 'How do I open an account?', el: 'Πώς ανοίγω λογαριασμό;' },
      answer: {
        en: 'Register with your email and phone, then complete the company onboarding.',
        el: 'Εγγραφείτε με το email και το τηλέφωνό σας και ολοκληρώστε την καταχώριση της εταιρείας.',
      },
    },
    {
      id: 'freeze-card',
      category: 'cards',
      question: { en: 'How do I freeze a card?', el: 'Πώς παγώνω μια κάρτα;' },
      answer: {
        en: 'Open the card and choose Freeze. You can unfreeze it at any time.',
        el: 'Ανοίξτε την κάρτα και επιλέξτε Πάγωμα. Μπορείτε να την ξεπαγώσετε οποτεδήποτε.',
      },
    },
    {
      id: 'virtual-card',
      category: 'cards',
      question: { en: 'What is a virtual card?', el: 'Τι είναι η ψηφιακή κάρτα;' },
      answer: {
        en: 'A card that lives in the app for online payments; no plastic is sent.',
        el: 'Μια κάρτα μέσα στην εφαρμογή για ηλεκτρονικές αγορές· δεν αποστέλλεται πλαστική κάρτα.',
      },
    },
    {
      id: 'second-factor',
      category: 'security',
      question: { en: 'Why do you ask for a one-time code?', el: 'Γιατί ζητάτε κωδικό μίας χρήσης;' },
      answer: {
        en: 'Every sign-in and every large payment needs a second factor sent to your email or phone.',
        el: 'Κάθε σύνδεση και κάθε μεγάλη πληρωμή χρειάζεται δεύτερο παράγοντα στο email ή στο τηλέφωνό σας.',
      },
    },
  ],
} satisfies FaqResponse;

afterEach(() => {
  vi.restoreAllMocks();
});

function renderPage(
  path: string,
  element: ReactNode,
  options: { signedIn?: boolean; locale?: 'en' | 'el'; at?: string } = {},
) {
  return renderScreen({
    path: options.at ?? path,
    session: options.signedIn ? demoSession : null,
    locale: options.locale ?? 'en',
    routes: (
      <>
        <Route path={path} element={element} />
        <Route path="*" element={<NotFoundScreen />} />
      </>
    ),
  }).view;
}

const axeViolations = async (container: HTMLElement) =>
  (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => `${violation.id}: ${violation.help}`,
  );

const loadFaq: LoadFaq = async (language) => faqIn(faq, language);

describe('/faq', () => {
  it('groups the questions by category and searches questions and answers as the user types', async () => {
    const user = userEvent.setup();
    const view = renderPage('/faq', <FaqScreen loadFaq={loadFaq} />);
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    // The heading is there while the questions load: wait for them.
    await screen.findByRole('heading', { level: 2, name: 'Getting started' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Getting started',
      'Cards',
      'Security',
    ]);
    expect(screen.getByRole('status').textContent).toBe('4 questions');
    const cards = screen.getByRole('region', { name: 'Cards' });
    expect(
      within(cards)
        .getAllByText(/\?$/)
        .map((question) => question.textContent),
    ).toEqual(['How do I freeze a card?', 'What is a virtual card?']);

    const search = screen.getByRole('searchbox', { name: 'Search the questions' });
    // Found in an answer, not in the question.
    await user.type(search, 'plastic');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 question found'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Cards',
    ]);
    const match = screen.getByText('What is a virtual card?').closest('details');
    expect(match?.open).toBe(true);

    await user.clear(search);
    await user.type(search, 'card FREEZE');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 question found'));
    expect(screen.getByText('How do I freeze a card?')).toBeTruthy();

    await user.clear(search);
    await user.type(search, 'mortgage');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No questions found'));
    expect(screen.getByText('No question matches “mortgage”. Try other or fewer words.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('4 questions'));
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('shows and searches the Greek text in Greek, accents and final sigma aside', async () => {
    const user = userEvent.setup();
    renderPage('/faq', <FaqScreen loadFaq={loadFaq} />, { locale: 'el' });
    await screen.findByRole('heading', { level: 1, name: 'Συχνές ερωτήσεις' });
    // The heading is there while the questions load: wait for them.
    await screen.findByRole('heading', { level: 2, name: 'Πρώτα βήματα' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Πρώτα βήματα',
      'Κάρτες',
      'Ασφάλεια',
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Αναζήτηση στις ερωτήσεις' }), 'ΚΑΡΤΑ παγωνω');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Βρέθηκε 1 ερώτηση'));
    expect(screen.getByText('Πώς παγώνω μια κάρτα;')).toBeTruthy();
    expect(searchable('Πώς ΠΑΓΏΝΩ τις κάρτες')).toBe('πωσ παγωνω τισ καρτεσ');
  });

  it('opens the question the address names', async () => {
    renderPage('/faq', <FaqScreen loadFaq={loadFaq} />, { at: '/faq#second-factor' });
    const question = await screen.findByText('Why do you ask for a one-time code?');
    expect(question.closest('details')?.open).toBe(true);
    expect(screen.getByText('How do I freeze a card?').closest('details')?.open).toBe(false);
  });

  it('keeps categories in the server’s order and drops empty ones', () => {
    const en = faqIn(faq, 'en');
    expect(filterFaq(en, 'code').map((category) => category.id)).toEqual(['security']);
    expect(faqIn({ ...faq, items: faq.items.slice(0, 1) }, 'en').map((category) => category.id)).toEqual([
      'getting_started',
    ]);
  });

  it('says so and offers "Try again" when the FAQ cannot be read', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const flaky: LoadFaq = async (language) => {
      calls += 1;
      if (calls === 1) throw { kind: 'network' };
      return faqIn(faq, language);
    };
    renderPage('/faq', <FaqScreen loadFaq={flaky} />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Cards' })).toBeTruthy();
  });
});

describe('/download-app', () => {
  const links = {
    appStore: 'https://apps.apple.com/app/tameio/id6450000000',
    googlePlay: 'https://play.google.com/store/apps/details?id=test.tameio.merchant',
  };

  it('shows each store with a QR code drawn in the browser, a link and the address as text', async () => {
    const view = renderPage('/download-app', <DownloadAppScreen loadAppLinks={async () => links} />);
    await screen.findByRole('heading', { level: 1, name: 'Get the Tameio app' });
    const apple = await screen.findByRole('region', { name: 'App Store' });
    const qr = await within(apple).findByRole('img', { name: 'QR code that opens Tameio in the App Store' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(within(apple).getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).toBe(
      links.appStore,
    );
    expect(apple.textContent).toContain(`Link: ${links.appStore}`);
    const google = screen.getByRole('region', { name: 'Google Play' });
    expect(
      await within(google).findByRole('img', { name: 'QR code that opens Tameio on Google Play' }),
    ).toBeTruthy();
    expect(within(google).getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toBe(
      links.googlePlay,
    );
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('speaks Greek, signed in too', async () => {
    renderPage('/download-app', <DownloadAppScreen loadAppLinks={async () => links} />, {
      locale: 'el',
      signedIn: true,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Κατεβάστε την εφαρμογή Tameio' }),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Λήψη από το Google Play' })).toBeTruthy();
  });
});

describe('the not-found page', () => {
  it('says the page is missing, in both languages, with a way home and to the help pages', async () => {
    const view = renderPage('/faq', <FaqScreen loadFaq={loadFaq} />, { at: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('/');
    const footer = screen.getByRole('navigation', { name: 'Help and legal' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/faq', '/download-app', '/terms-of-use', '/privacy-policy']);
    expect(await axeViolations(view.container)).toEqual([]);
    view.unmount();
    stop?.();
    renderPage('/faq', <FaqScreen loadFaq={loadFaq} />, { at: '/nowhere', locale: 'el' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Η σελίδα δεν βρέθηκε' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Μετάβαση στην αρχική σελίδα' })).toBeTruthy();
  });
});

describe('the legal pages', () => {
  const status = (pending: boolean): LegalAcceptanceStatus => ({
    pending,
    documents: (['terms_of_use', 'privacy_policy'] as const).map((document) => ({
      document,
      current_version: legalDocuments[document].version,
      effective_date: legalDocuments[document].effective_date,
      accepted_version: pending && document === 'terms_of_use' ? '2025-06' : legalDocuments[document].version,
      accepted_at:
        pending && document === 'terms_of_use' ? '2025-06-02T08:00:00.000Z' : '2026-01-15T09:00:00.000Z',
      pending: pending && document === 'terms_of_use',
    })),
  });

  function fakeLegal(initial: LegalAcceptanceStatus, acceptFails = false) {
    const accepted: AcceptTermsBody[] = [];
    const services: LegalServices = {
      loadAcceptance: async () => initial,
      acceptTerms: async (body) => {
        accepted.push(body);
        if (acceptFails) throw { kind: 'network' };
        return status(false);
      },
    };
    return { services, accepted };
  }

  it('shows the version and the day it took effect, with no accept action for a visitor', async () => {
    const { services } = fakeLegal(status(true));
    const view = renderPage('/terms-of-use', <TermsOfUseScreen services={services} />);
    await screen.findByRole('heading', { level: 1, name: 'Terms of use' });
    expect(
      screen.getByText(`Version ${legalDocuments.terms_of_use.version}, in effect from January 15, 2026`),
    ).toBeTruthy();
    // The text is complete: ten numbered sections.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Accept the terms of use' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('asks a signed-in user who accepted an older version to accept the current one, and records it', async () => {
    const user = userEvent.setup();
    const { services, accepted } = fakeLegal(status(true));
    renderPage('/terms-of-use', <TermsOfUseScreen services={services} />, { signedIn: true });
    const accept = await screen.findByRole('button', { name: 'Accept the terms of use' });
    expect(
      screen.getByText(
        'The terms of use have changed since you last accepted them. Please read them and accept the new version.',
      ),
    ).toBeTruthy();
    await user.click(accept);
    expect(accepted).toEqual([
      { documents: [{ document: 'terms_of_use', version: legalDocuments.terms_of_use.version }] },
    ]);
    expect(
      await screen.findByText(
        `You accepted version ${legalDocuments.terms_of_use.version} on January 15, 2026.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the terms of use' })).toBeNull();
    expect(await screen.findByText('Thank you: your acceptance is recorded.')).toBeTruthy();
  });

  it('says when the acceptance could not be recorded, and keeps the action', async () => {
    const user = userEvent.setup();
    const { services } = fakeLegal(status(true), true);
    renderPage('/terms-of-use', <TermsOfUseScreen services={services} />, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Accept the terms of use' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A network error has occurred.');
    expect(screen.getByRole('button', { name: 'Accept the terms of use' })).toHaveProperty('disabled', false);
  });

  it('tells a user who accepted the current privacy policy when they did, in Greek', async () => {
    const { services } = fakeLegal(status(true));
    renderPage('/privacy-policy', <PrivacyPolicyScreen services={services} />, {
      signedIn: true,
      locale: 'el',
    });
    await screen.findByRole('heading', { level: 1, name: 'Πολιτική απορρήτου' });
    expect(
      await screen.findByText(
        `Αποδεχτήκατε την έκδοση ${legalDocuments.privacy_policy.version} στις 15 Ιανουαρίου 2026.`,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^Έκδοση 2026-01, σε ισχύ από 15 Ιανουαρίου 2026$/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Αποδοχή της πολιτικής απορρήτου' })).toBeNull();
  });
});
