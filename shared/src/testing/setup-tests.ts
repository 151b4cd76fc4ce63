import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

// On a busy machine (load 8-15 on 2 cores) a first render that loads an area's modules and answers its
// mocked API calls takes longer than Testing Library's 1 s default for findBy…/waitFor, and a whole test
// longer than vitest's 5 s. Waiting longer costs nothing when the page is right; it only delays a failure.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// Testing Library marks the environment as one that supports act() in hooks it registers when first imported; the
// files of a worker share its module (isolate: false, shared/build/vitest-config.mjs), so each file says it again.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => cleanup());
