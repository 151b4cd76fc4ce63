import type { ViteUserConfig } from 'vitest/config';

/** The test files of an app that need a DOM, relative to the app's folder. */
export function domTestFiles(appDir: string): string[];
/** The test files of an app that replace a module (vi.mock), relative to the app's folder: run with a module registry of their own. */
export function isolatedTestFiles(appDir: string): string[];
/** The vitest config of a front-end app: a `dom` project (jsdom) for the files that use a DOM, `node` for the rest. */
export function frontEndTestConfig(appDir: string): ViteUserConfig;
