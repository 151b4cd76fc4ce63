import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const remotes = ['mf-marketing', 'mf-help', 'mf-auth-onboarding', 'mf-creator', 'mf-supporter', 'mf-public-profile'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // react-router-dom is the shared singleton; importing react-router directly would load a second copy.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router', message: 'Import from react-router-dom (the shared singleton).' }] },
      ],
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
          paths: [{ name: 'react-router', message: 'Import from react-router-dom (the shared singleton).' }],
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
  // Formatting is Prettier's (`pnpm lint` runs `prettier --check`): turn off the rules it owns.
  prettier,
);
