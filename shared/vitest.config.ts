import { defineConfig } from 'vitest/config';
import { frontEndTestConfig } from '@beabro/shared/build/vitest-config';

// Files that use a DOM run in jsdom, the others in Node (build/vitest-config.mjs).
export default defineConfig(frontEndTestConfig(import.meta.dirname));
