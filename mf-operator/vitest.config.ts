import { defineConfig } from 'vitest/config';
import { frontEndTestConfig } from '@beabro/shared/build/vitest-config';

// Files that use a DOM run in jsdom, the others in Node (shared/build/vitest-config.mjs).
export default defineConfig(frontEndTestConfig(import.meta.dirname));
