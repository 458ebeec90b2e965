/**
 * The rules `npm run i18n:check` applies to lang/en.json and lang/el.json, kept free of I/O so that
 * tests/unit/checkMessages.test.ts can prove each one bites.
 */
import {
  isArgumentElement,
  isDateElement,
  isLiteralElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';

/** `{ "id": "text" }`, the format of lang/*.json. */
export type Messages = Record<string, string>;

/**
 * Words that stay the same in Greek: the brand, channel names and banking or file-format abbreviations
 * that Greek banking apps print in Latin letters, and the languages' own names. A Greek text equal to the
 * English one passes only if, once its ICU arguments are removed, it holds nothing but these words, digits
 * and punctuation ("Email: {destination}" may stay; "Sign in" may not).
 */
export const sameInGreek: ReadonlySet<string> = new Set([
  'Tameio',
  'Email',
  'e-mail',
  'SMS',
  'IBAN',
  'BIC',
  'SWIFT',
  'Swift/BIC',
  'PIN',
  'e-PIN',
  'CVV',
  'QR',
  'CSV',
  'PDF',
  'EUR',
  // The loan word lang/glossary.json chose for cashback ("Επιστροφή μετρητών" reads as cash handed out).
  'Cashback',
  'OK',
  'English',
  'Ελληνικά',
  // The app stores' own names (/download-app), never translated.
  'App',
  'Store',
  'Google',
  'Play',
]);

export function sortedMessages(messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The exact text of a lang/*.json file: sorted ids, two-space indent, final newline. */
export function formatMessagesJson(messages: Messages): string {
  return JSON.stringify(sortedMessages(messages), null, 2) + '\n';
}

/** The arguments and tags a message expects from the code, e.g. `count:plural`, `<b>`. */
export function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (isArgumentElement(element)) into.add(element.value);
    else if (isNumberElement(element)) into.add(`${element.value}:number`);
    else if (isDateElement(element)) into.add(`${element.value}:date`);
    else if (isTimeElement(element)) into.add(`${element.value}:time`);
    else if (isSelectElement(element) || isPluralElement(element)) {
      into.add(`${element.value}:${isPluralElement(element) ? 'plural' : 'select'}`);
      for (const option of Object.values(element.options)) placeholders(option.value, into);
    } else if (isTagElement(element)) {
      into.add(`<${element.value}>`);
      placeholders(element.children, into);
    }
  }
  return into;
}

/** The words of a message that a reader sees, with ICU arguments dropped and tags unwrapped. */
export function visibleText(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (isLiteralElement(element)) return element.value;
      if (isTagElement(element)) return visibleText(element.children);
      if (isSelectElement(element) || isPluralElement(element)) {
        return Object.values(element.options)
          .map((option) => visibleText(option.value))
          .join(' ');
      }
      return ' ';
    })
    .join('');
}

export function mayStayEnglish(elements: MessageFormatElement[]): boolean {
  const words = visibleText(elements).match(/\p{L}[\p{L}\p{M}/-]*/gu) ?? [];
  return words.every((word) => sameInGreek.has(word));
}

function section(title: string, ids: string[]): string[] {
  return ids.length === 0 ? [] : [`${title}:`, ...ids.map((id) => `  ${id}`)];
}

export type MessageFiles = {
  /** What the code declares now: `{ id: defaultMessage }`. */
  fromCode: Messages;
  en: Messages;
  /** lang/en.json as it is on disk, to catch an unsorted or hand-formatted file. */
  enText: string;
  el: Messages;
};

/** Every problem with the message files, one line each under a heading; empty when all is well. */
export function checkMessages({ fromCode, en, enText, el }: MessageFiles): string[] {
  const problems: string[] = [];
  const has = (messages: Messages, id: string) => Object.hasOwn(messages, id);
  const codeIds = Object.keys(fromCode);
  const stale = [
    ...section(
      'In the code but not in lang/en.json (run `npm run i18n:extract`)',
      codeIds.filter((id) => !has(en, id)),
    ),
    ...section(
      'In lang/en.json but no longer in the code (run `npm run i18n:extract`)',
      Object.keys(en).filter((id) => !has(fromCode, id)),
    ),
    ...section(
      'English text in lang/en.json differs from the code (run `npm run i18n:extract`)',
      codeIds.filter((id) => has(en, id) && en[id] !== fromCode[id]),
    ),
  ];
  problems.push(...stale);
  if (stale.length === 0 && enText !== formatMessagesJson(en)) {
    problems.push('lang/en.json is not in the generated layout (run `npm run i18n:extract`)');
  }

  problems.push(
    ...section(
      'Missing from lang/el.json',
      Object.keys(en).filter((id) => !has(el, id)),
    ),
    ...section(
      'In lang/el.json but not in lang/en.json',
      Object.keys(el).filter((id) => !has(en, id)),
    ),
  );

  const invalid: string[] = [];
  const parseOrNote = (locale: string, id: string, text: string) => {
    try {
      return parse(text);
    } catch (error) {
      invalid.push(`${locale} ${id}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
  const empty: string[] = [];
  const untranslated: string[] = [];
  const mismatched: string[] = [];
  for (const [id, english] of Object.entries(en)) {
    const enAst = parseOrNote('en', id, english);
    const greek = el[id];
    if (greek === undefined) continue;
    if (greek.trim() === '') {
      empty.push(id);
      continue;
    }
    const elAst = parseOrNote('el', id, greek);
    if (!enAst || !elAst) continue;
    if (greek === english && !mayStayEnglish(enAst)) untranslated.push(`${id}: "${english}"`);
    const want = [...placeholders(enAst)].sort();
    const got = [...placeholders(elAst)].sort();
    if (want.join('|') !== got.join('|')) {
      mismatched.push(`${id}: English has {${want.join(', ')}}, Greek has {${got.join(', ')}}`);
    }
  }
  problems.push(
    ...section('Not valid ICU message syntax', invalid),
    ...section('Empty Greek text', empty),
    ...section(
      'Greek text identical to the English (translate it, or allow the word in scripts/checkMessages.ts)',
      untranslated,
    ),
    ...section('ICU arguments or tags differ between English and Greek', mismatched),
  );
  return problems;
}
