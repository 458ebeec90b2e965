import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allPlans, expectedWords, smokeLimit } from '../../scripts/testPaths';
import { expectedScreens, generatePaths } from '../model/generatePaths';
import { registry } from '../model/registry';

/*
 * The QA plans (docs/test-paths, scripts/testPaths.ts) as a tester and a reviewer use them: every screen a plan
 * expects is the one the model tests assert (`expectedScreens`), titles never repeat across plans, a smoke plan fits an
 * afternoon, and no step tells the tester to do what makes the server say yes right before it says no.
 */

const planDir = path.resolve(import.meta.dirname, '../../docs/test-paths');
const { plans } = allPlans();
/** Each model's generated paths, generated once for every test here (generation is most of this file's time). */
const generated = new Map(registry.map(({ model }) => [model.name, generatePaths(model)]));

/** The cells of a Markdown table row (escaped pipes stay in their cell). */
const cells = (row: string) =>
  row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((one) => one.trim().replace(/\\\|/g, '|'));

describe('QA plans', () => {
  it.each(registry.map(({ model }) => [model.name, model] as const))(
    '%s: each step row of the committed plan expects the screen the model test asserts',
    (name, model) => {
      const lines = readFileSync(path.join(planDir, `${name}.md`), 'utf8').split('\n');
      for (const modelPath of generated.get(name)!) {
        const screens = expectedScreens(model, modelPath);
        const start = lines.findIndex((line) => line.startsWith(`\`${modelPath.id}\`,`));
        if (start < 0) {
          // Automated-only paths are listed by id and title only.
          expect(
            lines.some((line) => line.startsWith(`| \`${modelPath.id}\` |`)),
            modelPath.id,
          ).toBe(true);
          continue;
        }
        const rows = lines.slice(start).filter((line) => /^\| \d+ \|/.test(line));
        screens.forEach((screen, index) => {
          const row = rows.find((line) => line.startsWith(`| ${index} |`));
          expect(row, `${modelPath.id} step ${index}`).toBeDefined();
          const action = modelPath.steps[index]!.action;
          const effect = action.kind === 'actorDone' ? action.effect : undefined;
          expect(cells(row!)[2], `${modelPath.id} step ${index}`).toBe(
            expectedWords(screen, effect).replace(/\n/g, ' '),
          );
        });
      }
    },
    // Long on a busy machine: onboarding's plan has some 600 paths since Back and Forward are events.
    60_000,
  );

  it('no title repeats, within a plan or across plans', () => {
    const titles = plans.flatMap((plan) => plan.paths.map((one) => one.title));
    const repeated = titles.filter((title, index) => titles.indexOf(title) !== index);
    expect(repeated).toEqual([]);
  });

  it(`a smoke plan has at most ${smokeLimit} paths, none needing a fault a tester cannot cause`, () => {
    for (const plan of plans) {
      const smoke = plan.paths.filter((one) => one.section === 'smoke');
      expect(smoke.length, plan.name).toBeLessThanOrEqual(smokeLimit);
      expect(
        smoke.filter((one) => one.steps.some((step) => step.does.includes('[fault:'))).map((one) => one.id),
      ).toEqual([]);
    }
  });

  it('send money: titles say what the path proves (the model names them), with no "variant n" left', () => {
    const plan = plans.find((one) => one.name === 'sendMoney')!;
    const titles = plan.paths.map((one) => one.title);
    expect(titles.filter((title) => /variant \d+$| — ends on /.test(title))).toEqual([]);
    expect(titles).toContain('From a link to @demo-bakery, 25.00 EUR now, confirm: sent');
  });

  it('send money: a path that moves money or stores a schedule says what changes in the data at that step', () => {
    const plan = plans.find((one) => one.name === 'sendMoney')!;
    const ending = plan.paths.filter((one) => one.final);
    expect(ending.length).toBeGreaterThan(0);
    for (const one of ending) {
      const effect = one.steps.at(-1)!.effect ?? '';
      expect(effect, one.id).toMatch(/balance/);
      if (one.title.endsWith(': scheduled')) expect(effect, one.id).toMatch(/^no money moves now/);
      if (one.title.endsWith('pending at the other bank')) {
        expect(effect, one.id).toContain('0.50 EUR fee');
        expect(effect, one.id).toMatch(/payee_check_result = \w+ and payee_proceeded_anyway = (true|false)/);
      }
    }
    const markdown = readFileSync(path.join(planDir, 'sendMoney.md'), 'utf8');
    expect(markdown).toContain('**In the data**: the EUR available balance falls by 25.00 EUR (no fee)');
  });

  it('send money: the smoke plan pays a wallet and pays an IBAN after each name-check answer a tester can get', () => {
    const plan = plans.find((one) => one.name === 'sendMoney')!;
    const recorded = (section: string) =>
      plan.paths
        .flatMap((one) => (one.section === section && one.final ? [one.steps.at(-1)!.effect ?? ''] : []))
        .flatMap((effect) => /payee_check_result = (\w+)/.exec(effect)?.[1] ?? [])
        .map((result) => (result === 'null' ? 'wallet' : result));
    // One shortest path per data effect (generatePaths `lastEffects`): without it one path reaches "sent" and the
    // transfers recorded after a match, a close match or no match are in no plan.
    expect(new Set(recorded('smoke'))).toEqual(
      new Set(['wallet', 'match', 'close_match', 'no_match', 'not_possible']),
    );
  });

  it('every path has a precondition and a scenario', () => {
    for (const plan of plans) {
      for (const one of plan.paths) {
        expect(one.precondition, one.id).not.toBe('');
        expect(one.scenario, one.id).not.toBe('');
      }
    }
  });

  it('a refused code or password follows a step that types a wrong one (ErrorFixture.does), not the right one', () => {
    const contradictions: string[] = [];
    for (const { model } of registry) {
      for (const modelPath of generated.get(model.name)!) {
        modelPath.steps.forEach(({ action }, index) => {
          if (action.kind !== 'actorError' || action.failure.kind !== 'http') return;
          if (!/^(otp_invalid|invalid_current_password)$/.test(action.failure.code)) return;
          const before = modelPath.steps[index - 1]?.action;
          if (before?.kind === 'event' && !before.auto && !action.does) {
            contradictions.push(`${modelPath.id} step ${index}: "${before.says}" then "${action.says}"`);
          }
        });
      }
    }
    expect(contradictions).toEqual([]);
  });

  it('no path has the server refuse a payment of nothing for insufficient funds (ErrorFixture.when)', () => {
    const impossible: string[] = [];
    const offered: string[] = [];
    for (const { model } of registry) {
      for (const modelPath of generated.get(model.name)!) {
        modelPath.steps.forEach(({ action }, index) => {
          if (action.kind !== 'actorError' || action.failure.kind !== 'http') return;
          if (action.failure.code !== 'insufficient_funds') return;
          offered.push(modelPath.id);
          const before = modelPath.steps[index - 1]?.state as { context?: { quote?: unknown } } | undefined;
          const quote = before?.context?.quote as { total: { amount_minor: string } } | null | undefined;
          if (quote && BigInt(quote.total.amount_minor) === 0n)
            impossible.push(`${modelPath.id} step ${index}`);
        });
      }
    }
    expect(offered.length).toBeGreaterThan(0);
    expect(impossible).toEqual([]);
  });
});
