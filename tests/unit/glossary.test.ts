import path from 'node:path';
import { describe, expect, it } from 'vitest';
import el from '../../lang/el.json';
import en from '../../lang/en.json';
import {
  checkGlossary,
  checkRenderings,
  greekTextsOfCode,
  greekTextsOfMessages,
  greekTextsOfSource,
  readGlossary,
  type Glossary,
} from '../../scripts/glossary';

/*
 * Issue 20: the Greek said "πρόγραμμα" for plan 6 times beside "συνδρομή" 42 times, the FAQ "συνθηματικό" where the app
 * says "κωδικός πρόσβασης" and "wallet tag" in English. lang/glossary.json names each term's one Greek rendering and
 * the variants that must not appear; `npm run i18n:check` applies it to lang/el.json and to the Greek the server
 * writes. These tests run it on the real files and on seeded mistakes.
 */
const root = path.resolve(import.meta.dirname, '../..');
const glossary = readGlossary(root);
const messages: Record<string, string> = el;
const english: Record<string, string> = en;

describe('Greek glossary', () => {
  // Reads and parses every file with Greek in it: seconds on a busy machine.
  it(
    'is followed by lang/el.json and by the Greek in the server code (FAQ, emails, PDFs)',
    { timeout: 30_000 },
    () => {
      const code = greekTextsOfCode(root);
      expect(code.some((text) => text.source.startsWith('server/content/faq.ts:'))).toBe(true);
      const all = [...greekTextsOfMessages(messages, english), ...code];
      expect(checkGlossary(glossary, all)).toEqual([]);
      // Where the English beside the Greek names a term, the Greek has the term's rendering.
      expect(checkRenderings(glossary, all)).toEqual([]);
    },
  );

  it('has 30 or more terms, each with one Greek rendering that no term forbids', () => {
    expect(glossary.terms.length).toBeGreaterThanOrEqual(30);
    for (const term of glossary.terms) expect(term.el.trim(), term.en).not.toBe('');
    expect(checkGlossary(glossary, [])).toEqual([]);
  });

  it('fails on one "πρόγραμμα" for plan in a copy of lang/el.json, naming the message, the variant and the term', () => {
    const seeded = { ...messages, 'dashboard.checklist.pickPlan': 'Επιλέξτε πρόγραμμα' };
    expect(checkGlossary(glossary, greekTextsOfMessages(seeded))).toEqual([
      'lang/el.json dashboard.checklist.pickPlan: "πρόγραμμα" is the forbidden "πρόγραμμα"; ' +
        'the glossary term "plan" is "συνδρομή" in Greek',
    ]);
  });

  it('fails on a rendering nobody thought to forbid: "plan" as "πακέτο" outside advertising', () => {
    const seeded = { ...messages, 'dashboard.checklist.pickPlan': 'Επιλέξτε πακέτο' };
    expect(checkRenderings(glossary, greekTextsOfMessages(seeded, english))).toEqual([
      'lang/el.json dashboard.checklist.pickPlan: the English says "plan" but the Greek has none of "συνδρομ*"; ' +
        'the glossary term "plan" is "συνδρομή" in Greek',
    ]);
    // An advertising plan is a package, so there "πακέτο" is the rendering asked for.
    expect(
      checkRenderings(
        glossary,
        greekTextsOfMessages({ 'advertising.plan': 'Πακέτο' }, { 'advertising.plan': 'Plan' }),
      ),
    ).toEqual([]);
  });

  it('fails on a forbidden word in the FAQ, naming the entry it is in', () => {
    const faq = `export const faqEntries = [
      { id: 'open-account', answer: { en: 'Choose a password.', el: 'Επιλέξτε συνθηματικό.' } },
    ];`;
    expect(checkGlossary(glossary, greekTextsOfSource('server/content/faq.ts', faq))).toEqual([
      'server/content/faq.ts:2 faqEntries.open-account.answer.el: "συνθηματικό" is the forbidden "συνθηματικ*"; ' +
        'the glossary term "password" is "κωδικός πρόσβασης" in Greek',
    ]);
  });

  it('reads the English beside the Greek in the FAQ, so a plan said some other way fails there too', () => {
    const faq = `export const faqEntries = [
      { id: 'plans', question: { en: 'Which plans are there?', el: 'Ποια πακέτα υπάρχουν;' } },
      { id: 'advertise', answer: { en: 'Choose a plan by reach.', el: 'Επιλέξτε πακέτο ανάλογα με την εμβέλεια.' } },
    ];`;
    expect(checkRenderings(glossary, greekTextsOfSource('server/content/faq.ts', faq))).toEqual([
      'server/content/faq.ts:2 faqEntries.plans.question.el: the English says "plan" but the Greek has none of ' +
        '"συνδρομ*"; the glossary term "plan" is "συνδρομή" in Greek',
    ]);
  });

  it('matches whole words whatever their accents, capitals and, for a stem, endings', () => {
    const found = (text: string) =>
      checkGlossary(glossary, [{ source: 'seeded', id: 'seeded', text }]).map((line) => line.split('"')[1]);
    expect(found('ΑΛΛΑΓΗ ΠΡΟΓΡΑΜΜΑΤΟΣ')).toEqual(['ΠΡΟΓΡΑΜΜΑΤΟΣ']);
    expect(found('Ξεχάσατε το συνθηματικό; Αλλαγή συνθηματικού')).toEqual(['συνθηματικό', 'συνθηματικού']);
    // The same stem with another meaning, and a longer word, pass.
    expect(found('Η προγραμματισμένη πληρωμή απέτυχε.')).toEqual([]);
    expect(found('Ο κωδικός είναι άκυρος.')).toEqual([]);
    expect(found('Άκυρο')).toEqual(['Άκυρο']);
    // "wallet tag" is reported once, not again as "wallet" and "tag".
    expect(found('Πληρωμή σε wallet tag')).toEqual(['wallet tag']);
  });

  it('leaves out ICU arguments, so "{tag}" is not the English word', () => {
    expect(checkGlossary(glossary, greekTextsOfMessages({ seeded: 'Επιλογή {name} ({tag})' }))).toEqual([]);
  });

  it('fails when a term’s own Greek is forbidden by another term', () => {
    const broken: Glossary = {
      terms: [...glossary.terms, { en: 'programme', el: 'πρόγραμμα', forbidden: [] }],
    };
    expect(checkGlossary(broken, [])).toEqual([
      'lang/glossary.json: "πρόγραμμα" (programme) is itself forbidden by "πρόγραμμα" (plan)',
    ]);
  });
});
