/** One measured figure; the shape shared by every benchmark script (web and API). */
export interface BenchFigure {
  /** Stable key, e.g. "api.reads.postgres.profile". */
  id: string;
  /** Human label, e.g. "Public profile read (PostgreSQL)". */
  label: string;
  /** The measured figure. */
  value: number;
  /** "req/s", "ms", "kB", "supports/s", "x". */
  unit: string;
  /** Measured in the same run. */
  baseline?: { label: string; value: number };
  /** value / baseline.value (or as the goal defines it). */
  ratio?: number;
  /** "ratio >= 0.60". */
  goal?: string;
  met?: boolean;
  /** Context: p99, connections, rows, ... */
  detail?: Record<string, number | string>;
}

export interface BenchSection {
  section: string;
  figures: BenchFigure[];
  notes?: string[];
}
