import { describe, expect, it } from 'vitest';
import { checkMessages, formatMessagesJson, type Messages } from '../../scripts/checkMessages';

const en: Messages = {
  'login.title': 'Sign in to Tameio',
  'login.attemptsLeft': 'That code is not right. {count, plural, one {# try} other {# tries}} left.',
  'login.method.email': 'Email: {destination}',
  'app.name': 'Tameio',
};
const el: Messages = {
  'login.title': 'Σύνδεση στο Tameio',
  'login.attemptsLeft':
    'Ο κωδικός δεν είναι σωστός. {count, plural, one {Απομένει # προσπάθεια} other {Απομένουν # προσπάθειες}}.',
  'login.method.email': 'Email: {destination}',
  'app.name': 'Tameio',
};

function problems(overrides: { fromCode?: Messages; en?: Messages; enText?: string; el?: Messages }) {
  const english = overrides.en ?? en;
  return checkMessages({
    fromCode: overrides.fromCode ?? english,
    en: english,
    enText: overrides.enText ?? formatMessagesJson(english),
    el: overrides.el ?? el,
  });
}

describe('i18n check', () => {
  it('passes complete, translated files, allowing brand and channel names to stay as they are', () => {
    expect(problems({})).toEqual([]);
  });

  it('fails when the code has a message lang/en.json lacks, or lang/en.json keeps a dropped one', () => {
    const fromCode = { ...en, 'login.new': 'New text' };
    expect(problems({ fromCode })).toEqual([
      'In the code but not in lang/en.json (run `npm run i18n:extract`):',
      '  login.new',
    ]);
    const { ['app.name']: _dropped, ...rest } = en;
    expect(problems({ fromCode: rest }).join('\n')).toContain('no longer in the code');
  });

  it('fails when the English text in the code changed', () => {
    expect(problems({ fromCode: { ...en, 'login.title': 'Log in to Tameio' } }).join('\n')).toContain(
      'differs from the code',
    );
  });

  it('fails when lang/en.json is not in the generated layout', () => {
    expect(problems({ enText: JSON.stringify(en) })).toEqual([
      'lang/en.json is not in the generated layout (run `npm run i18n:extract`)',
    ]);
  });

  it('fails on a missing, extra, empty or untranslated Greek text', () => {
    const { ['login.title']: _missing, ...withoutTitle } = el;
    expect(problems({ el: withoutTitle })).toEqual(['Missing from lang/el.json:', '  login.title']);
    expect(problems({ el: { ...el, 'login.extra': 'Κάτι' } })).toEqual([
      'In lang/el.json but not in lang/en.json:',
      '  login.extra',
    ]);
    expect(problems({ el: { ...el, 'login.title': '  ' } })).toEqual(['Empty Greek text:', '  login.title']);
    expect(problems({ el: { ...el, 'login.title': 'Sign in to Tameio' } })).toEqual([
      'Greek text identical to the English (translate it, or allow the word in scripts/checkMessages.ts):',
      '  login.title: "Sign in to Tameio"',
    ]);
  });

  it('fails when ICU arguments differ between English and Greek', () => {
    const report = problems({ el: { ...el, 'login.method.email': 'Email: {address}' } });
    expect(report).toEqual([
      'ICU arguments or tags differ between English and Greek:',
      '  login.method.email: English has {destination}, Greek has {address}',
    ]);
    const plural = problems({
      el: { ...el, 'login.attemptsLeft': 'Ο κωδικός δεν είναι σωστός. Απομένουν {count}.' },
    });
    expect(plural.join('\n')).toContain('English has {count:plural}, Greek has {count}');
  });

  it('fails on a Greek text that is not valid ICU', () => {
    expect(problems({ el: { ...el, 'login.title': 'Σύνδεση στο {Tameio' } }).join('\n')).toContain(
      'Not valid ICU message syntax',
    );
  });
});
