import { readFile, writeFile } from 'node:fs/promises';
import type { BenchFigure, BenchSection } from './result';

/** The generated results table of docs/benchmarks.md sits between these markers. */
export const RESULTS_START = '<!-- bench:results:start -->';
export const RESULTS_END = '<!-- bench:results:end -->';
/** The section of docs/benchmarks.md the markers are added to when they are missing. */
const RESULTS_HEADING = '## Results';

export interface BenchReport {
  /** When and where the figures were measured. */
  environment: Record<string, number | string>;
  sections: BenchSection[];
}

const number = (value: number) =>
  Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 2 });

function cells(figure: BenchFigure): string[] {
  return [
    figure.label,
    `${number(figure.value)} ${figure.unit}`,
    figure.baseline ? `${number(figure.baseline.value)} ${figure.unit} (${figure.baseline.label})` : '',
    figure.ratio !== undefined ? `${number(figure.ratio)}x` : '',
    figure.goal ?? '',
    figure.met === undefined ? '' : figure.met ? 'yes' : 'NO',
  ];
}

const HEADER = ['Figure', 'Value', 'Baseline', 'Ratio', 'Goal', 'Met'];

/** Detail keys "kB <library>" hold a figure's split by library (page weight); shown as one table per section. */
const SHARE_PREFIX = 'kB ';

function shareTable(section: BenchSection): string[][] | null {
  const withShares = section.figures.filter((f) =>
    Object.keys(f.detail ?? {}).some((key) => key.startsWith(SHARE_PREFIX)),
  );
  if (withShares.length === 0) return null;
  const libraries = [
    ...new Set(withShares.flatMap((f) => Object.keys(f.detail ?? {}).filter((key) => key.startsWith(SHARE_PREFIX)))),
  ];
  const header = ['kB gzipped by library', ...withShares.map((f) => /(\/\S*)/.exec(f.label)?.[1] ?? f.id)];
  const rows = libraries.map((key) => [
    key.slice(SHARE_PREFIX.length),
    ...withShares.map((f) => String(f.detail?.[key] ?? '-')),
  ]);
  return [header, ...rows];
}

/**
 * Detail keys "metric: <name>" hold a figure's own breakdown (Lighthouse: LCP, TBT, ...); shown as one
 * table per section, a row per figure, a column per metric.
 */
const METRIC_PREFIX = 'metric: ';

/** The words every label starts with ("Lighthouse performance of "), left out of the rows' names. */
function commonLabelPrefix(labels: string[]): string {
  let prefix = labels[0] ?? '';
  for (const label of labels) while (!label.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const lastSpace = prefix.lastIndexOf(' ');
  return labels.length > 1 && lastSpace >= 0 ? prefix.slice(0, lastSpace + 1) : '';
}

function metricTable(section: BenchSection): string[][] | null {
  const withMetrics = section.figures.filter((f) =>
    Object.keys(f.detail ?? {}).some((key) => key.startsWith(METRIC_PREFIX)),
  );
  if (withMetrics.length === 0) return null;
  const metrics = [
    ...new Set(withMetrics.flatMap((f) => Object.keys(f.detail ?? {}).filter((key) => key.startsWith(METRIC_PREFIX)))),
  ];
  const prefix = commonLabelPrefix(withMetrics.map((f) => f.label));
  const header = [section.section, ...metrics.map((key) => key.slice(METRIC_PREFIX.length))];
  const rows = withMetrics.map((f) => [
    f.label.slice(prefix.length),
    ...metrics.map((key) => {
      const value = f.detail?.[key];
      return value === undefined ? '-' : typeof value === 'number' ? number(value) : value;
    }),
  ]);
  return [header, ...rows];
}

/** The extra tables under the main one: library shares, then per-figure metrics, in section order. */
function detailTables(report: BenchReport): string[][][] {
  return report.sections
    .flatMap((section) => [shareTable(section), metricTable(section)])
    .filter((table): table is string[][] => table !== null);
}

function alignedTable(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  '),
  );
}

/** The table printed at the end of `pnpm bench`. */
export function consoleTable(report: BenchReport): string {
  const rows: (string[] | string)[] = [];
  for (const section of report.sections) {
    rows.push(`== ${section.section}`);
    for (const figure of section.figures) rows.push(cells(figure));
    for (const note of section.notes ?? []) rows.push(`   - ${note}`);
  }
  const widths = HEADER.map((title, column) =>
    Math.max(
      title.length,
      ...rows.filter((row): row is string[] => Array.isArray(row)).map((row) => row[column]!.length),
    ),
  );
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  const tables = detailTables(report);
  return [
    line(HEADER),
    widths.map((w) => '-'.repeat(w)).join('-+-'),
    ...rows.map((row) => (Array.isArray(row) ? line(row) : row)),
    ...tables.flatMap((table) => ['', ...alignedTable(table)]),
  ].join('\n');
}

const escape = (text: string) => text.replace(/\|/g, '\\|');

/** The Markdown table that goes between the results markers of docs/benchmarks.md. */
export function markdownTable(report: BenchReport): string {
  const lines = [
    `Measured ${Object.entries(report.environment)
      .map(([key, value]) => `${key}: ${value}`)
      .join(', ')}.`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
  ];
  for (const section of report.sections) {
    lines.push(`| **${escape(section.section)}** | | | | | |`);
    if (section.figures.length === 0) lines.push(`| ${escape(section.notes?.[0] ?? 'Not measured.')} | | | | | |`);
    for (const figure of section.figures) lines.push(`| ${cells(figure).map(escape).join(' | ')} |`);
  }
  for (const table of detailTables(report)) {
    const [header, ...rows] = table;
    lines.push(
      '',
      `| ${header!.map(escape).join(' | ')} |`,
      `|---|${header!
        .slice(1)
        .map(() => '---:')
        .join('|')}|`,
      ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
    );
  }
  return lines.join('\n');
}

/** Rewrites a document between the results markers (adds them at the end of its "## Results" section when missing). */
export async function updateResultsTable(docPath: string, table: string): Promise<void> {
  const doc = await readFile(docPath, 'utf8');
  const block = `${RESULTS_START}\n${table}\n${RESULTS_END}`;
  const start = doc.indexOf(RESULTS_START);
  const end = doc.indexOf(RESULTS_END);
  let next: string;
  if (start >= 0 && end > start) {
    next = doc.slice(0, start) + block + doc.slice(end + RESULTS_END.length);
  } else {
    const heading = doc.indexOf(RESULTS_HEADING);
    if (heading < 0) throw new Error(`${docPath} has no "${RESULTS_HEADING}" section to put the results in`);
    const nextHeading = doc.indexOf('\n## ', heading + 1);
    const at = nextHeading < 0 ? doc.length : nextHeading + 1;
    next = `${doc.slice(0, at).trimEnd()}\n\n${block}\n${nextHeading < 0 ? '' : `\n${doc.slice(at)}`}`;
  }
  await writeFile(docPath, next);
}

/** Figures in the key order of BenchFigure, whatever order a script wrote them in: results.json diffs stay small. */
export function normalizeSection(section: BenchSection): BenchSection {
  return {
    section: section.section,
    figures: section.figures.map((f) => ({
      id: f.id,
      label: f.label,
      value: f.value,
      unit: f.unit,
      ...(f.baseline ? { baseline: { label: f.baseline.label, value: f.baseline.value } } : {}),
      ...(f.ratio !== undefined ? { ratio: f.ratio } : {}),
      ...(f.goal !== undefined ? { goal: f.goal } : {}),
      ...(f.met !== undefined ? { met: f.met } : {}),
      ...(f.detail ? { detail: f.detail } : {}),
    })),
    ...(section.notes?.length ? { notes: section.notes } : {}),
  };
}
