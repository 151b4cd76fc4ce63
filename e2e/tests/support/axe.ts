import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';

/*
 * axe-core (WCAG 2.1 A and AA rules) on what a page shows now. A check's own time is not counted against the test's
 * limit: on a busy machine one run of axe over a whole page has taken over 10 s, so each check adds its allowance to
 * the test's time limit before it starts (a ceiling that grows with what the test checks; nothing waits for it).
 */

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** What one axe run may take, on top of the test's own limit. */
const AXE_ALLOWANCE_MS = 30_000;

function describeViolations(violations: Violation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n  at ${node.target.join(' ')}\n  ${node.failureSummary?.replace(/\n/g, '\n  ') ?? ''}`,
    ),
  );
}

export interface AxeOptions {
  /** Run axe in the page alone, for a page whose sandboxed iframe (no scripts) stops the per-frame run. */
  legacyMode?: boolean;
  /** Check only this part of the page (a CSS selector), e.g. 'main' when the header was checked elsewhere. */
  include?: string;
}

/** Fails with each violation (rule, element, what is wrong) when axe-core finds any on `what`. */
export async function expectNoAxeViolations(
  page: Page,
  what: string,
  { legacyMode = false, include }: AxeOptions = {},
) {
  const info = test.info();
  info.setTimeout(info.timeout + AXE_ALLOWANCE_MS);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(legacyMode);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  expect(describeViolations(results.violations), `axe-core violations on ${what} (${page.url()})`).toEqual([]);
}
