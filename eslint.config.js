// @ts-check
/**
 * ESLint flat config. Formatting is Prettier's (eslint-config-prettier turns off every rule that would disagree).
 * The no-restricted-* rules mirror the architecture boundaries in tests/unit/architecture/boundaries.test.ts so that
 * editors show them while typing; the test is the authority (it also sees dynamic imports and resolves relative paths).
 * Type-aware linting is off on purpose: `npm run typecheck` and `npm run check:astro` do the type checking.
 */
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SRC = '**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx,astro}';
/** @param {string} s */
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const nodeBuiltins = builtinModules
  .filter((m) => !m.startsWith('_'))
  .map(escape)
  .join('|');

/**
 * A `patterns` entry of @typescript-eslint/no-restricted-imports (regex, case-sensitive).
 * @param {string} regex @param {string} message @param {boolean} [allowTypeImports]
 */
const pattern = (regex, message, allowTypeImports = false) => ({ regex, message, caseSensitive: true, allowTypeImports });

const climbing = pattern(
  '^(\\./)?\\.\\./\\.\\./',
  'Relative imports climb at most one level: use a package.json alias (#lib/…, #server/…).',
);
const sandbox = pattern('^#sandbox/', 'sandbox/ holds local provider emulators for development and tests: src/ never imports it.');

// src/lib: pure, isomorphic domain logic.
const libPatterns = (allowI18next = false) => [
  climbing,
  sandbox,
  pattern(`^(node:|(${nodeBuiltins})(/|$))`, 'src/lib is pure and isomorphic: no Node built-ins (I/O belongs in src/server).'),
  pattern('^(kysely|pg|sanitize-html)(/|$)', 'src/lib is pure: database and HTML sanitising belong in src/server.'),
  pattern('^#(server|host|builds)/', 'src/lib never imports server-side code (src/server, src/host, src/builds).'),
  pattern('^#(stores|islands|api-client)/', 'src/lib never imports browser code (src/stores, src/islands, src/api-client).'),
  ...(allowI18next ? [] : [pattern('^i18next(/|$)', 'Only src/lib/market/i18n.ts loads i18next.')]),
];

// src/stores, src/islands, src/api-client and .astro <script> blocks: browser code. Type-only imports are fine.
const browserPatterns = [
  climbing,
  sandbox,
  pattern(`^(node:|(${nodeBuiltins})(/|$))`, 'Browser code: no Node built-ins.', true),
  pattern('^(kysely|pg|sanitize-html)(/|$)', 'Browser code: server-only package.', true),
  pattern('^#(server|host|builds)/', 'Browser code never imports server-side code (src/server, src/host, src/builds).', true),
  pattern('^(i18next(/|$)|#lib/market/i18n(\\.ts)?$)', 'Islands get strings as props: never i18next.', true),
  pattern('^zod(/|$)', 'zod reaches the browser only through the src/lib/api contracts.', true),
];

/** @param {ReturnType<typeof pattern>[]} patterns @returns {import('eslint').Linter.RulesRecord} */
const restrictImports = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

/** @type {import('eslint').Linter.RulesRecord} */
const libPurity = {
  'no-restricted-globals': [
    'error',
    ...['fetch', 'localStorage', 'sessionStorage', 'document', 'window'].map((name) => ({
      name,
      message: `src/lib is pure and isomorphic: no ${name} (I/O belongs in src/server, src/islands or src/stores).`,
    })),
  ],
  'no-restricted-properties': [
    'error',
    { object: 'process', property: 'env', message: 'src/lib does not read the environment: pass configuration in.' },
    { object: 'Date', property: 'now', message: 'src/lib does not read the clock: pass "now" in.' },
    ...['fetch', 'localStorage', 'sessionStorage', 'document', 'window', 'process'].map((property) => ({
      object: 'globalThis',
      property,
      message: 'src/lib is pure and isomorphic: no ambient I/O.',
    })),
  ],
  'no-restricted-syntax': [
    'error',
    { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'src/lib does not read the clock: pass "now" in.' },
    {
      selector: "MemberExpression[object.type='MetaProperty'][object.meta.name='import'][property.name='env']",
      message: 'src/lib does not read the environment: pass configuration in.',
    },
  ],
};

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    'dist/',
    'dist-*/',
    'builds/',
    '.astro/',
    '.cache/',
    'data/',
    'test-results/',
    'playwright-report/',
    'public/',
  ]),

  { files: [SRC], extends: [js.configs.recommended] },
  tseslint.configs.recommended,
  astro.configs.recommended,

  // Runtimes: Node everywhere outside the browser folders; the browser folders and .astro client scripts get DOM globals.
  { files: [SRC], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['src/islands/**', 'src/stores/**', 'src/api-client/**', '**/*.astro/*.{js,ts}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // TypeScript resolves identifiers (types included) better than no-undef.
  { files: ['**/*.{ts,mts,cts,tsx,astro}', '**/*.astro/*.{js,ts}'], rules: { 'no-undef': 'off' } },
  {
    files: [SRC],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // Google's gtag() queues Arguments objects (gtag.js ignores arrays): keep `arguments` in the inline snippet without
  // shipping an eslint comment in every page's <head>.
  { files: ['src/components/slots/ConsentHead.astro/*.ts', 'src/islands/dom/consent-bar.ts'], rules: { 'prefer-rest-params': 'off' } },
  // Tests read arbitrary JSON answers and assert on them field by field.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },

  // React islands.
  { files: ['src/islands/**/*.{ts,tsx}'], extends: [reactHooks.configs.flat.recommended] },
  // The islands copy state from DOM inputs and props they do not own (the static search input, server
  // answers) inside effects on purpose; the React Compiler's rule against it does not fit islands mounted on
  // existing markup.
  { files: ['src/islands/**'], rules: { 'react-hooks/set-state-in-effect': 'off' } },

  // Architecture boundaries (one config object per folder: a later object replaces the rule's options).
  { files: [`src/${SRC}`, `sandbox/${SRC}`], rules: restrictImports([climbing]) },
  { files: [`src/${SRC}`], rules: restrictImports([climbing, sandbox]) },
  { files: [`src/lib/${SRC}`], rules: { ...restrictImports(libPatterns()), ...libPurity } },
  { files: ['src/lib/market/i18n.ts'], rules: restrictImports(libPatterns(true)) },
  { files: ['src/stores/**', 'src/islands/**', 'src/api-client/**', '**/*.astro/*.ts'], rules: restrictImports(browserPatterns) },

  // Last: switch off everything that would fight Prettier.
  prettier,
]);
