import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: '@emotion/react' },
  test: { environment: 'jsdom', globals: true, setupFiles: ['@beabro/shared/testing/setup-tests'] },
});
