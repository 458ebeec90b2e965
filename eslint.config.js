// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import formatjs from 'eslint-plugin-formatjs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const tsFiles = ['**/*.{ts,tsx,mts,cts}'];

/**
 * docs/engineering.md "Layout and one-way imports": imports flow one way. `src` may import `machines` and
 * `schemas`; `server` may import `schemas`; `machines` may import `schemas`; `schemas` imports nothing of ours;
 * nothing imports `src` or `server` but their own folders, tests and scripts. Each zone names the folders a target
 * may NOT import.
 */
const layerZones = [
  {
    target: './machines',
    from: ['./src', './server', './scripts', './tests'],
    message: 'machines/ may import only schemas/ (docs/engineering.md principle 2: machines are pure).',
  },
  {
    target: './schemas',
    from: ['./src', './server', './machines', './scripts', './tests'],
    message: 'schemas/ imports nothing of ours but other schemas.',
  },
  {
    target: './src',
    from: ['./server', './scripts', './tests'],
    message: 'src/ may import machines/ and schemas/ only; talk to the server through the API.',
  },
  {
    target: './server',
    from: ['./src', './machines', './scripts', './tests'],
    message: 'server/ may import schemas/ only.',
  },
  {
    // The demo data is for start-up outside production (main.ts) and for tests and scripts, never a dependency of
    // the bank's own code: what production needs (IBANs, opening accounts) lives in ledger.ts and accounts.ts.
    target: ['./server/*/**', './server/!(main|seed).ts'],
    from: './server/seed.ts',
    message:
      'Only server/main.ts may import the demo seed; take what production needs from ledger.ts or accounts.ts.',
  },
];

/**
 * Inside src, parts flow one way too. A feature folder of src/screens (src/screens/wallet/) imports no other feature
 * folder: what two features share moves to src/ui (presentational parts and their hooks), src/i18n (texts and
 * formats) or src/app (app-wide hooks and wiring). The files directly in src/screens (LoadFailure, NotFoundScreen,
 * TransactionList, useOverview, ...) are shared screen parts every feature may import; they import no feature folder.
 * src/ui, src/i18n and src/api sit below the app and the screens and import neither. One zone per feature folder, read
 * from the disk, so a new folder is covered the day it appears.
 */
const screenFolders = readdirSync(path.join(root, 'src/screens'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const srcZones = [
  ...screenFolders.map((folder) => ({
    target: `./src/screens/${folder}`,
    from: screenFolders.filter((other) => other !== folder).map((other) => `./src/screens/${other}`),
    message: `src/screens/${folder}/ may not import another feature's folder: move what they share to src/ui, src/i18n or src/app.`,
  })),
  {
    target: './src/screens/*.{ts,tsx}',
    from: screenFolders.map((folder) => `./src/screens/${folder}`),
    message: 'The shared screen parts directly in src/screens/ may not import a feature folder.',
  },
  {
    target: './src/ui',
    from: ['./src/app', './src/screens'],
    message: 'src/ui is presentational: it may not import src/app or src/screens (take effects as props).',
  },
  {
    target: ['./src/i18n', './src/api'],
    from: ['./src/app', './src/screens', './src/ui'],
    message:
      'src/i18n and src/api sit below the app, the screens and the UI parts: they may not import them.',
  },
];

/** Packages a pure machine or a shared schema has no business with: UI, routing, styling, HTTP. */
const uiAndEffectPackages = [
  'react',
  'react-dom',
  'react-dom/*',
  '@xstate/react',
  'react-router',
  'react-intl',
  'styled-components',
  'react-hot-toast',
  'openapi-fetch',
  '@statelyai/inspect',
  'altcha',
];

export default defineConfig(
  globalIgnores([
    'node_modules/',
    'dist/',
    'data/',
    'coverage/',
    '.tmp/',
    'docs/',
    'src/api/schema.d.ts',
    'src/i18n/compiled/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    name: 'tameio/base',
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.json'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerZones, ...srcZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // An unresolved import would silently escape the zones above, so it is an error in its own right.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '\\?(raw|url|worker)$'] }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-duplicates': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },

  {
    name: 'tameio/typescript',
    files: tsFiles,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // The type-aware rules that catch real bugs; the full type-checked presets cost more than they find here.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // tsc already reports undefined names with better knowledge of ambient types.
      'no-undef': 'off',
    },
  },

  {
    name: 'tameio/node',
    files: ['server/**', 'scripts/**', 'tests/**', '*.{js,ts}', '.ci/**'],
    languageOptions: { globals: { ...globals.node } },
  },

  {
    name: 'tameio/browser',
    files: ['src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },

  {
    name: 'tameio/machines-are-pure',
    files: ['machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: uiAndEffectPackages,
              message:
                'Machines are pure (docs/engineering.md principle 2): no React, no HTTP, no UI libraries.',
            },
            {
              regex: '^\\.{1,2}/(?:\\.\\./)*(?:src|server)(?:/|$)',
              message: 'machines/ may import only schemas/.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
          name,
          message: 'Machines do no I/O: invoke an actor named in setup() and let the app provide it.',
        })),
        ...['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame'].map(
          (name) => ({
            name,
            message:
              'Machines make no timers of their own: use `after` delays so tests can use SimulatedClock.',
          }),
        ),
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'].map((name) => ({
          name,
          message: 'Machines run in Node too: reach the browser through an injected actor or action.',
        })),
      ],
    },
  },

  {
    name: 'tameio/schemas-are-shared',
    files: ['schemas/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: uiAndEffectPackages,
              message: 'schemas/ is shared by browser and server: keep it to zod and plain data.',
            },
          ],
        },
      ],
    },
  },

  {
    name: 'tameio/react',
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },

  {
    // Test harnesses write probes from effects on purpose; only the classic rules of hooks apply there,
    // not the React Compiler's purity rules.
    name: 'tameio/react-in-tests',
    files: ['tests/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },

  {
    // docs/engineering.md principle 9: every visible text is a react-intl message with a stable, readable id.
    name: 'tameio/i18n',
    files: ['src/**/*.{ts,tsx}'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,placeholder,title,alt,aria-label,aria-description}']] } },
      ],
      'formatjs/enforce-default-message': ['error', 'literal'],
      // Hand-written dotted ids (`login.title`) instead of content hashes, so translators and tests can
      // refer to them; a descriptor without an id is still an error.
      'formatjs/enforce-id': [
        'error',
        {
          idInterpolationPattern: '[sha512:contenthash:base64:6]',
          idWhitelist: ['^[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9_-]+)+$'],
        },
      ],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-invalid-icu': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
      'formatjs/no-offset': 'error',
      'formatjs/enforce-plural-rules': ['error', { one: true, other: true }],
    },
  },

  {
    // Test snippets and fixtures legitimately spell out visible texts and build odd shapes.
    name: 'tameio/tests',
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
