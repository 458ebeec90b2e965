/**
 * The product's words in Greek, one rendering each (lang/glossary.json), checked by `npm run i18n:check` over every
 * Greek text the merchant reads: lang/el.json and the Greek the server writes (FAQ, emails and SMS, PDFs, reference
 * names). Pure functions apart from `greekTextsOfCode`, so tests/unit/glossary.test.ts can seed a mistake and see it
 * caught.
 *
 * How a forbidden variant matches (Greek is inflected, and the same word is typed with or without accents and in
 * capitals on buttons):
 *   - text and pattern are folded first: accents dropped, lower case, final ς as σ ("ΠΡΟΓΡΆΜΜΑΤΟΣ" = "προγραμματοσ");
 *   - a pattern matches whole words: "άκυρο" does not match "άκυρος";
 *   - a word of the pattern ending in `*` is a stem and matches every ending ("συνθηματικ*": -ό, -ού, -ά). A stem is
 *     written only where no other word shares it: "προγραμμ*" would also catch "προγραμματισμένη" (scheduled), so
 *     "plan" lists the four forms of "πρόγραμμα" instead;
 *   - ICU arguments and tags of a message are left out, so "{tag}" is not the English word "tag".
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import { z } from 'zod';
import { visibleText, type Messages } from './checkMessages';

const words = z.array(z.string().trim().min(1));

const glossaryTerm = z.strictObject({
  /** The English term as the app writes it. */
  en: z.string().trim().min(1),
  /** The one Greek rendering (dictionary form). */
  el: z.string().trim().min(1),
  /** Greek renderings, or English words left untranslated, that must not appear in Greek text. */
  forbidden: words,
  /** Why this rendering, when the choice is not obvious. */
  note: z.string().optional(),
  /**
   * For terms a translator could render some new way: a Greek text whose English has one of `en` must have one of
   * `el` (same matching rules), unless its id (message id, or property path in the code) starts with one of
   * `except`; with `only`, just the texts whose id starts with one of those.
   */
  required: z
    .strictObject({ en: words.min(1), el: words.min(1), except: words.optional(), only: words.optional() })
    .optional(),
});

const glossarySchema = z.strictObject({
  about: z.array(z.string()).optional(),
  terms: z.array(glossaryTerm).min(1),
});

export type GlossaryTerm = z.infer<typeof glossaryTerm>;
export type Glossary = z.infer<typeof glossarySchema>;

/** One Greek text the merchant may read, with where it comes from ("lang/el.json plans.title"). */
export type GreekText = {
  source: string;
  /** What `except` and `only` of a required term compare with: the message id, or the property path in the code. */
  id: string;
  text: string;
  /** The English beside it (the message's, or the `en` next to an `el` in the code), for required renderings. */
  english?: string;
};

export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A forbidden pattern as a regular expression over folded text (see the rules at the top). */
export function patternRegExp(pattern: string): RegExp {
  const words = fold(pattern.trim())
    .split(/\s+/)
    .map((word) =>
      word.endsWith('*') ? `${escapeRegExp(word.slice(0, -1))}[\\p{L}\\p{M}]*` : escapeRegExp(word),
    );
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${words.join('[\\s\\u00a0]+')}(?![\\p{L}\\p{M}\\p{N}])`, 'gu');
}

/** The words a reader sees of a message: ICU arguments dropped, plural branches joined. */
function visibleWords(message: string): string {
  try {
    return visibleText(parse(message));
  } catch {
    // An invalid message is reported by the message check; its raw text is still worth checking here.
    return message;
  }
}

/** Letters every match of a pattern contains (its first word up to a `*`): a cheap test before the regular expression. */
function clueOf(pattern: string): string {
  return (fold(pattern.trim()).split(/\s+/)[0] ?? '').replace(/\*$/, '');
}

/** The Greek of each message of lang/el.json, with the English of the same id when `en` is given. */
export function greekTextsOfMessages(el: Messages, en: Messages = {}, file = 'lang/el.json'): GreekText[] {
  return Object.entries(el).map(([id, message]) => {
    const english = en[id];
    return {
      source: `${file} ${id}`,
      id,
      text: visibleWords(message),
      ...(english === undefined ? {} : { english: visibleWords(english) }),
    };
  });
}

const greekLetter = /[\u0370-\u03ff\u1f00-\u1fff]/;

/**
 * Code whose Greek the merchant never reads: place names from a data set, and the tables that fold names and
 * search words. Everything else under these folders is scanned.
 */
const notShown = new Set([
  'server/geo/gazetteer.ts',
  'server/payee/nameMatch.ts',
  'server/accounts.ts',
  'src/screens/faq/faqSearch.ts',
  'schemas/gifs.ts',
]);
const codeFolders = ['server', 'schemas', 'src'];

function codeFiles(root: string): string[] {
  return codeFolders
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
        path.posix.join(folder, file.split(path.sep).join('/')),
      ),
    )
    .filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.startsWith('src/i18n/compiled/'),
    )
    .filter((file) => !notShown.has(file))
    .sort();
}

/** Where a string sits: the property names above it, an array item by its `id` when it has one. */
function pathOf(node: ts.Node, sourceFile: ts.SourceFile): string {
  const names: string[] = [];
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const parent = at.parent;
    if (ts.isPropertyAssignment(parent) && parent.initializer === at) {
      names.unshift(parent.name.getText(sourceFile).replace(/^['"]|['"]$/g, ''));
    } else if (ts.isObjectLiteralExpression(at) && ts.isArrayLiteralExpression(parent)) {
      const id = at.properties.find(
        (property): property is ts.PropertyAssignment =>
          ts.isPropertyAssignment(property) && property.name.getText(sourceFile) === 'id',
      );
      if (id && ts.isStringLiteral(id.initializer)) names.unshift(id.initializer.text);
    } else if (ts.isVariableDeclaration(parent) || ts.isFunctionDeclaration(parent)) {
      if (parent.name) names.unshift(parent.name.getText(sourceFile));
      break;
    }
  }
  return names.join('.');
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  return undefined;
}

/** The English of `{ en: '…', el: '…' }` when `node` is the `el` of such an object. */
function englishBeside(node: ts.Node, sourceFile: ts.SourceFile): string | undefined {
  const property = node.parent;
  if (!ts.isPropertyAssignment(property) || property.name.getText(sourceFile) !== 'el') return undefined;
  const en = property.parent.properties.find(
    (other): other is ts.PropertyAssignment =>
      ts.isPropertyAssignment(other) && other.name.getText(sourceFile) === 'en',
  );
  return en ? literalText(en.initializer) : undefined;
}

/** Every string in the code that holds Greek letters: the literal parts of a template, comments left out. */
export function greekTextsOfSource(fileName: string, source: string): GreekText[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const texts: GreekText[] = [];
  const visit = (node: ts.Node) => {
    const text = literalText(node);
    if (text !== undefined) {
      if (greekLetter.test(text)) {
        const id = pathOf(node, sourceFile);
        const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
        const english = englishBeside(node, sourceFile);
        texts.push({
          source: `${fileName}:${line}${id ? ` ${id}` : ''}`,
          id,
          text,
          ...(english === undefined ? {} : { english }),
        });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return texts;
}

/** The Greek the server and shared code write (FAQ, emails, SMS, PDFs, reference names), read from the code. */
export function greekTextsOfCode(root: string): GreekText[] {
  return codeFiles(root).flatMap((file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    // Parsing is the slow part, and few files hold Greek at all.
    return greekLetter.test(source) ? greekTextsOfSource(file, source) : [];
  });
}

/** Every problem with the glossary itself or a Greek text that breaks it, one line each; empty when all is well. */
export function checkGlossary(glossary: Glossary, texts: GreekText[]): string[] {
  const problems: string[] = [];
  const rules = glossary.terms.flatMap((term) =>
    term.forbidden.map((variant) => ({
      term,
      variant,
      regExp: patternRegExp(variant),
      clue: clueOf(variant),
    })),
  );
  const renderings = glossary.terms.map((other) => ({ other, folded: fold(other.el) }));
  for (const { term, variant, regExp } of rules) {
    for (const { other, folded } of renderings) {
      if (folded.search(regExp) >= 0) {
        problems.push(
          `lang/glossary.json: "${other.el}" (${other.en}) is itself forbidden by "${variant}" (${term.en})`,
        );
      }
    }
  }
  // The longest variants first, so "wallet tag" is reported once, not again as "wallet" and "tag".
  rules.sort((a, b) => b.variant.length - a.variant.length);
  for (const { source, text } of texts) {
    const folded = fold(text);
    const reported: [number, number][] = [];
    for (const { term, variant, regExp, clue } of rules) {
      if (!folded.includes(clue)) continue;
      regExp.lastIndex = 0;
      for (let match = regExp.exec(folded); match; match = regExp.exec(folded)) {
        const [start, end] = [match.index, match.index + match[0].length];
        if (reported.some(([from, to]) => from <= start && end <= to)) continue;
        reported.push([start, end]);
        // Folding keeps every letter in place (it only drops the combining accents NFD splits off), so the words as
        // written are found again by position in the decomposed text.
        const decomposed = text.normalize('NFD');
        const written = decomposed.slice(...originalRange(decomposed, start, end - start)).normalize('NFC');
        problems.push(
          `${source}: "${written}" is the forbidden "${variant}"; the glossary term "${term.en}" is "${term.el}" in Greek`,
        );
      }
    }
  }
  return problems;
}

/**
 * Greek whose English names a term but which has none of the term's renderings, the variants nobody thought to
 * forbid: each message, and each `el` beside an `en` in the code (the FAQ).
 */
export function checkRenderings(glossary: Glossary, texts: GreekText[]): string[] {
  const pairs = texts.flatMap(({ source, id, text, english }) =>
    english === undefined ? [] : [{ source, id, english: fold(english), greek: fold(text) }],
  );
  const matches = (patterns: { regExp: RegExp; clue: string }[], text: string) =>
    patterns.some(({ regExp, clue }) => text.includes(clue) && text.search(regExp) >= 0);
  const compiled = (pattern: string) => ({ regExp: patternRegExp(pattern), clue: clueOf(pattern) });
  const problems: string[] = [];
  for (const term of glossary.terms) {
    const required = term.required;
    if (!required) continue;
    const [enRegExps, elRegExps] = [required.en.map(compiled), required.el.map(compiled)];
    for (const { source, id, english, greek } of pairs) {
      if (required.except?.some((prefix) => id.startsWith(prefix))) continue;
      if (required.only && !required.only.some((prefix) => id.startsWith(prefix))) continue;
      if (matches(enRegExps, english) && !matches(elRegExps, greek)) {
        const wanted = required.el.map((pattern) => `"${pattern}"`).join(', ');
        problems.push(
          `${source}: the English says "${term.en}" but the Greek has none of ${wanted}; ` +
            `the glossary term "${term.en}" is "${term.el}" in Greek`,
        );
      }
    }
  }
  return problems;
}

/** The range in the decomposed text of a match in its folded form (which lacks the combining marks). */
function originalRange(decomposed: string, start: number, length: number): [number, number] {
  let folded = 0;
  let from = -1;
  for (let index = 0; index < decomposed.length; index++) {
    if (/\p{M}/u.test(decomposed[index] ?? '')) continue;
    if (folded === start) from = index;
    folded++;
    if (folded === start + length) {
      let to = index + 1;
      while (to < decomposed.length && /\p{M}/u.test(decomposed[to] ?? '')) to++;
      return [from, to];
    }
  }
  return [Math.max(from, 0), decomposed.length];
}

/** lang/glossary.json, or an error that says which entry is malformed. */
export function readGlossary(root: string): Glossary {
  const parsed = glossarySchema.safeParse(
    JSON.parse(readFileSync(path.join(root, 'lang/glossary.json'), 'utf8')),
  );
  if (!parsed.success) throw new Error(`lang/glossary.json is malformed:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
