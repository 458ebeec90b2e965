import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, duration, money } from '../../machines/ruleWords';
import { authDefaults } from '../../schemas/authLimits';
import { payeeCheckValidityMs } from '../../schemas/payee.schema';
import { defaultVerificationThresholdEurMinor } from '../../schemas/sendMoney.schema';
import { catalogueFiles, diagramsOf } from '../../scripts/flowCatalogue';
import { escape, type Journey } from '../../scripts/flowCatalogue/html';
import { journeyRules } from '../../scripts/flowCatalogue/rules';
import { registeredMachines } from '../model/registry';

/*
 * Issue 18: the flow catalogue (scripts/flowCatalogue.ts, docs/flows/). A compliance reviewer answers "when is a code
 * required, what happens after the last wrong code, what is recorded when a payment goes ahead despite a name
 * mismatch" from the send-money page alone; every journey has its rules (or says why it has none); every file a rule
 * names exists. tests/e2e/flowCatalogue.test.ts renders the pages in Chromium.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const machineNames = registeredMachines().map(({ file }) => file.replace(/\.machine\.ts$/, ''));

let files: Map<string, string>;
let journeys: Journey[];

beforeAll(() => {
  ({ files, journeys } = catalogueFiles());
}, 300_000);

/** A page's text without its tags, with its entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the rules registry', () => {
  it('has an entry for every journey of the model registry, and none for a journey that does not exist', () => {
    expect(machineNames.filter((name) => !(name in journeyRules))).toEqual([]);
    expect(Object.keys(journeyRules).filter((name) => !machineNames.includes(name))).toEqual([]);
  });

  it('gives rules for the journeys a reviewer asks about first', () => {
    for (const name of [
      'sendMoney',
      'login',
      'oneTimeCode',
      'session',
      'registration',
      'onboarding',
      'cardOrder',
      'planCheckout',
    ]) {
      const entry = journeyRules[name]!;
      expect('rules' in entry && entry.rules.length > 0, name).toBe(true);
    }
  });

  it('names a reason for every journey without rules, and existing files for every rule', () => {
    for (const [name, entry] of Object.entries(journeyRules)) {
      if ('none' in entry) {
        expect(entry.none.length, name).toBeGreaterThan(20);
        continue;
      }
      for (const rule of entry.rules) {
        expect(rule.rule && rule.value, `${name}: ${rule.rule}`).toBeTruthy();
        expect(rule.where.length, `${name}: ${rule.rule}`).toBeGreaterThan(0);
        for (const file of rule.where)
          expect(existsSync(path.join(root, file)), `${name}: ${file}`).toBe(true);
        // Both: one file on each side (a schema is shared by both).
        const browser = rule.where.some((file) => /^(machines|src|schemas)\//.test(file));
        const server = rule.where.some((file) => /^(server|schemas)\//.test(file));
        if (rule.enforced !== 'server') expect(browser, `${name}: ${rule.rule} in the browser`).toBe(true);
        if (rule.enforced !== 'browser') expect(server, `${name}: ${rule.rule} on the server`).toBe(true);
      }
    }
  });
});

describe('the catalogue', () => {
  it('has an index listing every journey and one page per journey', () => {
    const index = files.get('index.html')!;
    for (const name of machineNames) {
      expect(files.has(`${name}.html`), name).toBe(true);
      expect(index).toContain(`href="${name}.html"`);
    }
  });

  it('shows every Mermaid block of the journey’s statechart, and every journey with a statechart has one', () => {
    for (const journey of journeys) {
      // A statechart not generated yet is `npm run diagrams -- --check`'s failure; the page says it is missing.
      if (!existsSync(path.join(root, 'docs', 'statecharts', `${journey.chart.name}.md`))) {
        expect(files.get(`${journey.chart.name}.html`)).toContain('No statechart yet');
        continue;
      }
      expect(journey.diagrams.length, journey.chart.name).toBeGreaterThan(0);
      const html = files.get(`${journey.chart.name}.html`)!;
      for (const diagram of journey.diagrams) expect(html).toContain(escape(diagram.source));
    }
  });

  it('gives every journey a purpose and lists every state and transition with its description', () => {
    for (const journey of journeys) {
      expect(journey.purpose.length, journey.chart.name).toBeGreaterThan(20);
      const html = files.get(`${journey.chart.name}.html`)!;
      expect((html.match(/<tr id="state-/g) ?? []).length).toBe(journey.chart.states.size - 1);
      for (const edge of journey.chart.edges)
        if (edge.description) expect(html).toContain(escape(edge.description));
    }
  });

  it('answers the three questions of a compliance reviewer on the send-money page', () => {
    const text = textOf(files.get('sendMoney.html')!);
    // When is a code required: always for an IBAN, from the threshold (by default, its setting) otherwise.
    expect(text).toContain('When a one-time code is required');
    expect(text).toContain(`from ${money(defaultVerificationThresholdEurMinor, 'EUR')} by default`);
    expect(text).toContain('SEND_MONEY_VERIFICATION_THRESHOLD_MINOR');
    expect(text).toMatch(/always for a payment to an IBAN/);
    // What happens after the last wrong code.
    expect(text).toContain(count(authDefaults.otpMaxAttempts, 'wrong try', 'wrong tries'));
    expect(text).toContain('kills the code');
    // What is recorded when a payment goes ahead despite a name mismatch.
    expect(text).toContain('What is recorded when a payment goes ahead despite a name mismatch');
    for (const field of ['payee_check_id', 'payee_check_result', 'payee_proceeded_anyway = true'])
      expect(text).toContain(field);
    expect(text).toContain(duration(payeeCheckValidityMs));
    // Where each is enforced.
    expect(text).toContain('browser and server');
  });

  it('reads the Mermaid blocks under their headings', () => {
    const markdown = [
      '## The journey',
      '',
      '```mermaid',
      'stateDiagram-v2',
      '  a --> b',
      '```',
      '',
      '## Section: x',
      '```mermaid',
      'stateDiagram-v2',
      '```',
      '',
    ].join('\n');
    expect(diagramsOf(markdown)).toEqual([
      { heading: 'The journey', source: 'stateDiagram-v2\n  a --> b' },
      { heading: 'Section: x', source: 'stateDiagram-v2' },
    ]);
  });
});
