/**
 * The message pipeline of docs/engineering.md principle 9.
 *
 *   npm run i18n:extract   src/**\/*.{ts,tsx} → lang/en.json ({ "id": "English text" }, sorted)
 *   npm run i18n:check     fails when lang/en.json is stale or lang/el.json is incomplete or wrong, or when a Greek
 *                          text (lang/el.json or the server's) uses a variant lang/glossary.json forbids
 *   npm run i18n:compile   lang/<locale>.json → src/i18n/compiled/<locale>.json (pre-parsed ICU AST)
 *
 * The compiled files carry parsed messages so the browser bundle needs no ICU parser.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkMessages, formatMessagesJson, sortedMessages, type Messages } from './checkMessages';
import {
  checkGlossary,
  checkRenderings,
  greekTextsOfCode,
  greekTextsOfMessages,
  readGlossary,
} from './glossary';

const root = path.resolve(import.meta.dirname, '..');
const langDir = path.join(root, 'lang');
const compiledDir = path.join(root, 'src/i18n/compiled');
const sourceDir = path.join(root, 'src');
const locales = ['en', 'el'] as const;
const formatjsCli = createRequire(import.meta.url).resolve('@formatjs/cli/bin/formatjs');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function runFormatjs(args: string[]): void {
  const result = spawnSync(process.execPath, [formatjsCli, ...args], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) fail(`formatjs ${args[0]} failed:\n${result.stderr || result.stdout}`);
}

function sourceFiles(): string[] {
  if (!existsSync(sourceDir)) return [];
  const compiled = path.join('i18n', 'compiled') + path.sep;
  return readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.startsWith(compiled))
    .map((file) => path.join('src', file))
    .sort();
}

/** Every message descriptor in the app, as `{ id: defaultMessage }`; duplicate ids with different texts fail. */
function extractFromCode(): Messages {
  const files = sourceFiles();
  if (files.length === 0) return {};
  const work = mkdtempSync(path.join(tmpdir(), 'tameio-i18n-'));
  try {
    const list = path.join(work, 'files.txt');
    const out = path.join(work, 'extracted.json');
    writeFileSync(list, files.join('\n') + '\n');
    runFormatjs(['extract', '--in-file', list, '--out-file', out, '--throws']);
    const extracted = JSON.parse(readFileSync(out, 'utf8')) as Record<string, { defaultMessage?: string }>;
    const messages: Messages = {};
    const withoutText: string[] = [];
    for (const [id, descriptor] of Object.entries(extracted)) {
      if (descriptor.defaultMessage === undefined) withoutText.push(id);
      else messages[id] = descriptor.defaultMessage;
    }
    if (withoutText.length > 0) {
      fail(
        `Messages without a defaultMessage (the English text belongs in the code):\n  ${withoutText.join('\n  ')}`,
      );
    }
    return sortedMessages(messages);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readLocale(locale: string): { messages: Messages; text: string } | undefined {
  const file = path.join(langDir, `${locale}.json`);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    fail(`lang/${locale}.json is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    fail(`lang/${locale}.json must be a JSON object of { "id": "text" }`);
  }
  const messages: Messages = {};
  for (const [id, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') fail(`lang/${locale}.json: "${id}" must be a string`);
    messages[id] = value;
  }
  return { messages, text };
}

function check(): void {
  const en = readLocale('en');
  const el = readLocale('el');
  if (!en) fail('lang/en.json is missing: run `npm run i18n:extract`.');
  if (!el) fail('lang/el.json is missing: every English message needs a Greek text.');
  const problems = checkMessages({
    fromCode: extractFromCode(),
    en: en.messages,
    enText: en.text,
    el: el.messages,
  });
  const glossary = readGlossary(root);
  const greek = [...greekTextsOfMessages(el.messages, en.messages), ...greekTextsOfCode(root)];
  const terms = [...checkGlossary(glossary, greek), ...checkRenderings(glossary, greek)];
  if (terms.length > 0)
    problems.push('Greek that breaks lang/glossary.json:', ...terms.map((line) => `  ${line}`));
  if (problems.length > 0) fail(`i18n check failed:\n${problems.join('\n')}`);
  console.log(
    `i18n check passed: ${Object.keys(en.messages).length} messages in English and Greek; ` +
      `${greek.length} Greek texts follow the ${glossary.terms.length} terms of lang/glossary.json.`,
  );
}

function extract(): void {
  const messages = extractFromCode();
  mkdirSync(langDir, { recursive: true });
  writeFileSync(path.join(langDir, 'en.json'), formatMessagesJson(messages));
  const el = readLocale('el')?.messages ?? {};
  const missing = Object.keys(messages).filter((id) => !Object.hasOwn(el, id));
  console.log(`lang/en.json: ${Object.keys(messages).length} messages.`);
  if (missing.length > 0) console.log(`lang/el.json lacks ${missing.length}: ${missing.join(', ')}`);
}

function compile(): void {
  mkdirSync(compiledDir, { recursive: true });
  for (const locale of locales) {
    const source = path.join(langDir, `${locale}.json`);
    if (!existsSync(source)) fail(`lang/${locale}.json is missing: nothing to compile.`);
    const target = path.join(compiledDir, `${locale}.json`);
    runFormatjs(['compile', source, '--ast', '--format', 'simple', '--out-file', target]);
  }
  console.log(`Compiled ${locales.join(', ')} to ${path.relative(root, compiledDir)}/.`);
}

const commands: Record<string, () => void> = { extract, check, compile };
const run = commands[process.argv[2] ?? ''];
if (!run) fail(`usage: node --import tsx scripts/i18n.ts <${Object.keys(commands).join('|')}>`);
run();
