import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const remotes = [
  'mf-marketing',
  'mf-help',
  'mf-auth-onboarding',
  'mf-creator',
  'mf-supporter',
  'mf-public-profile',
  'mf-operator',
];
// react-router-dom is the shared singleton; importing react-router directly would load a second copy.
const reactRouterPath = { name: 'react-router', message: 'Import from react-router-dom (the shared singleton).' };
// A files block's no-restricted-imports replaces the one above it, so each keeps the react-router path.
const restrictImports = (patterns) => ['error', { paths: [reactRouterPath], patterns }];
const apiImportsNoBench = { regex: '^((\\.\\./)+|)bench(/|$)', message: 'The API does not import bench code.' };
// Test code in api/src: the tests, api/src/testing/ (the test app, the Stripe stand-in, ...) and the test factories
// that sit next to their module (used only by tests and api/src/testing/).
const apiTestCode = [
  'api/src/**/*.test.ts',
  'api/src/testing/**',
  'api/src/modules/**/*-test-factories.ts',
  'api/src/modules/creator-profile/fake-creator.ts',
];
const apiImportsNoTestCode = {
  regex: '^(\\./|(\\.\\./)+)testing(/|$)',
  message: 'The product does not import test code (api/src/testing/): only tests and other test code do.',
};
const apiImportsBelowPlugins = {
  regex: '^(\\.\\./)+plugins(/|$)',
  message: 'Only route files import plugins/: move what a service needs to api/src/lib (e.g. lib/messages.ts).',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [reactRouterPath] }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Inside shared, modules import each other by package name so Module Federation shares one instance of each.
    files: ['shared/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*', '../*'],
              message: 'Import shared modules as @beabro/shared/... so each is one shared instance.',
            },
          ],
        },
      ],
    },
  },
  ...remotes.map((remote) => ({
    // Dependency rule: remotes depend on shared only, never on each other or on the shell.
    files: [`${remote}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [reactRouterPath],
          patterns: [
            {
              group: [
                'shell',
                'shell/*',
                '**/shell/**',
                ...remotes.filter((r) => r !== remote).flatMap((r) => [r, `${r}/*`, `**/${r}/**`]),
              ],
              message: 'Remotes depend on @beabro/shared only.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Layer rule: bench reaches the API only through its `api/bench` export (api/src/bench-entry.ts), never by
    // path into api/src or api/bench, nor through another subpath of the api package. (bench/api/ is bench's
    // own folder: `../api/lib` from bench/web is allowed.)
    files: ['bench/**'],
    rules: {
      'no-restricted-imports': restrictImports([
        {
          regex: '^(\\.\\./)+api/(src|bench)(/|$)',
          message: "Import the API from 'api/bench' (api/src/bench-entry.ts), not by path.",
        },
        {
          regex: '^api(/(?!bench$).*)?$',
          message: "The API's one entry for bench is 'api/bench' (api/src/bench-entry.ts).",
        },
      ]),
    },
  },
  {
    // Layer rule: e2e drives the running apps; it imports nothing from api/ or from an app's sources (the
    // packages it needs, such as pg and smtp-server, are its own dependencies).
    files: ['e2e/**'],
    rules: {
      'no-restricted-imports': restrictImports([
        {
          regex: '^(\\.\\./)+(api|bench|shell|shared|mf-[a-z-]+)(/|$)',
          message: 'e2e imports nothing from the apps or the API by path: declare the package in e2e/package.json.',
        },
        {
          regex: '^(api|shell|mf-[a-z-]+)(/|$)',
          message: 'e2e imports nothing from the apps or the API.',
        },
      ]),
    },
  },
  {
    // Layer rule: the API never imports bench code (bench depends on the API, through api/src/bench-entry.ts).
    files: ['api/**'],
    rules: { 'no-restricted-imports': restrictImports([apiImportsNoBench]) },
  },
  {
    // Layer rule: the product never imports test code. Every file of api/src but the tests and the test code
    // (apiTestCode) is product: what src/server.ts and the commands can load. So the Stripe stand-in
    // (api/src/testing/stripe-stand-in/) and the test app can never end up on the product's import graph.
    files: ['api/src/**'],
    ignores: apiTestCode,
    rules: { 'no-restricted-imports': restrictImports([apiImportsNoBench, apiImportsNoTestCode]) },
  },
  {
    // Layer rule: services, repositories, the rest of a module and lib/ sit below the HTTP plugins; only route
    // files (which call requireUser, set the session cookie, ...) import plugins/. Messages both need are in
    // api/src/lib/messages.ts, the CSRF checks in api/src/lib/csrf.ts.
    files: ['api/src/modules/**', 'api/src/lib/**'],
    ignores: ['api/src/modules/**/*-routes.ts'],
    rules: { 'no-restricted-imports': restrictImports([apiImportsNoBench, apiImportsBelowPlugins]) },
  },
  {
    // Both layer rules above, for the product files of modules/ and lib/ (the later block would replace the other).
    files: ['api/src/modules/**', 'api/src/lib/**'],
    ignores: ['api/src/modules/**/*-routes.ts', ...apiTestCode],
    rules: {
      'no-restricted-imports': restrictImports([apiImportsNoBench, apiImportsBelowPlugins, apiImportsNoTestCode]),
    },
  },
  {
    // The payment abstraction is closed: outside the payments module, code asks a provider's capabilities, never its
    // name (the front end reads them from the page DTOs: paymentCapabilitiesSchema in shared/src/api-schemas).
    // config/env.ts reads which provider the operator chose (PAYMENT_PROVIDER).
    files: ['**/*.ts', '**/*.tsx'],
    ignores: [
      'api/src/modules/payments/**',
      'api/src/config/env.ts',
      'api/src/testing/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      'e2e/**',
      'bench/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^(stripe|sandbox)$/]',
          message:
            "Do not compare a payment provider's name: ask its capabilities (PaymentProvider.capabilities, api/src/modules/payments/README.md).",
        },
        {
          selector: "BinaryExpression[operator='instanceof'] > Identifier[name=/PaymentProvider$/]",
          message: "Do not test a payment provider's class: ask its capabilities (PaymentProvider.capabilities).",
        },
        {
          selector: 'SwitchCase > Literal[value=/^(stripe|sandbox)$/]',
          message: "Do not switch on a payment provider's name: ask its capabilities (PaymentProvider.capabilities).",
        },
      ],
    },
  },
  // Formatting is Prettier's (`pnpm lint` runs `prettier --check`): turn off the rules it owns.
  prettier,
);
