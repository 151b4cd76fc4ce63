import { readFileSync } from 'node:fs';
import { expect, type TestInfo } from '@playwright/test';

/*
 * The cluster the 'cluster' projects run against (e2e/start-cluster.mjs): nginx in front of API
 * instances on one PostgreSQL database. The script writes where its control server listens (and the
 * rest of its state) to CLUSTER_CONTROL_FILE, which playwright.config.ts sets for every worker.
 */

export interface ClusterInstance {
  id: string;
  /** The instance's own address, bypassing nginx. */
  url: string;
  pid: number | null;
  running: boolean;
  /** How many times the control server has SIGKILLed it. */
  kills: number;
}

export interface ClusterState {
  /** nginx: the site's one public address. */
  url: string;
  databaseUrl: string;
  dataDir: string;
  releasesDir: string;
  instances: ClusterInstance[];
}

export interface CapturedMail {
  messageId: string | null;
  to: string[];
  subject: string | null;
}

export interface OutboxRow {
  id: string;
  dedupeKey: string;
  kind: string;
  attempts: number;
  sentAt: string | null;
  failedAt: string | null;
}

function controlUrl(): string {
  const file = process.env.CLUSTER_CONTROL_FILE;
  if (!file) throw new Error('CLUSTER_CONTROL_FILE is not set: run the cluster projects through playwright.config.ts');
  return (JSON.parse(readFileSync(file, 'utf8')) as { control: string }).control;
}

async function call<T>(method: 'GET' | 'POST', pathname: string): Promise<T> {
  const res = await fetch(`${controlUrl()}${pathname}`, { method, signal: AbortSignal.timeout(120_000) });
  const body = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(`cluster control ${method} ${pathname}: ${res.status} ${body.message ?? ''}`);
  return body;
}

export const cluster = {
  state: () => call<ClusterState>('GET', '/state'),
  /** SIGKILL: the process gets no chance to finish anything, as when a machine is lost. */
  kill: (id: string) => call<{ pid: number | null; signal: string | null }>('POST', `/instances/${id}/kill`),
  /** Starts it again (no-op when running) and waits until it answers. */
  start: (id: string) => call<ClusterState>('POST', `/instances/${id}/start`),
  /** Every message the cluster's SMTP server received. */
  mail: () => call<CapturedMail[]>('GET', '/mail'),
  outbox: () => call<OutboxRow[]>('GET', '/outbox'),
  /** Emails and webhook deliveries still to send. */
  pending: () => call<{ emails: number; webhooks: number }>('GET', '/pending'),
};

/** The instance the cluster-journey project kills mid-journey (project metadata), or null in every other project. */
export function instanceToKillMidJourney(testInfo: TestInfo): string | null {
  const id = (testInfo.project.metadata as { killMidJourney?: unknown } | undefined)?.killMidJourney;
  return typeof id === 'string' ? id : null;
}

/**
 * Kills one instance mid-journey (cluster-journey project only). It first waits until no email or
 * webhook is waiting to be sent, so the proofs at the end ("every email sent once") need not wait out
 * the claim lease (10 minutes for emails, 2 for webhooks) of a message the killed instance may have
 * held: another instance sends such a message once its lease ends (late, never lost; maybe twice
 * if it was out but not yet marked, which is what the receivers' dedupe keys are for).
 */
export async function killInstanceMidJourney(testInfo: TestInfo): Promise<void> {
  const id = instanceToKillMidJourney(testInfo);
  if (!id) return;
  await expect.poll(() => cluster.pending(), { timeout: 30_000 }).toEqual({ emails: 0, webhooks: 0 });
  const { signal } = await cluster.kill(id);
  if (signal !== 'SIGKILL') throw new Error(`${id} was not running when the journey meant to kill it`);
}
