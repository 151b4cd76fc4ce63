import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentCapabilities } from '@beabro/shared/api-schemas/payment-capabilities';
import { publicCreatorProfileSchema, type PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { creatorProfiles, creatorVersions, follows } from '../../db/schema';
import { SANDBOX_CAPABILITIES } from '../payments/sandbox/sandbox-payment-provider';
import { getPublicProfile, isPossibleUsername } from './public-profile-service';

/** How many profiles one API process keeps (the least recently filled go first). */
export const PROFILE_CACHE_ENTRIES = 2_000;

interface Entry {
  creatorId: string;
  version: number;
  /** The UTC month the figures were computed in ("this month" changes with it). */
  month: string;
  /** As an anonymous visitor sees it (viewer fields false). */
  profile: PublicCreatorProfileDto;
  /** The same, serialised exactly as the route's response schema would. */
  anonymousJson: string;
}

export type PublicProfileAnswer = { kind: 'json'; body: string } | { kind: 'dto'; body: PublicCreatorProfileDto };

const monthOf = (now: Date) => `${now.getUTCFullYear()}-${now.getUTCMonth()}`;

/** The one query of a cache hit, built once (and a named prepared statement on PostgreSQL). */
function prepareVersionRead(db: Db) {
  const query = db
    .select({ version: creatorVersions.version })
    .from(creatorVersions)
    .where(eq(creatorVersions.creatorId, sql.placeholder('creatorId')))
    .prepare('public_profile_creator_version');
  return async (creatorId: string): Promise<number> => {
    const [row] = await query.execute({ creatorId });
    return row?.version ?? 0;
  };
}

/** The creator behind a username (live or not) with its current version, in one snapshot. */
async function findCreatorVersion(
  db: Db,
  username: string,
): Promise<{ creatorId: string; version: number } | undefined> {
  const [row] = await db
    .select({
      creatorId: creatorProfiles.userId,
      version: sql<number>`coalesce(${creatorVersions.version}, 0)`.mapWith(Number),
    })
    .from(creatorProfiles)
    .leftJoin(creatorVersions, eq(creatorVersions.creatorId, creatorProfiles.userId))
    .where(eq(creatorProfiles.username, username));
  return row;
}

async function viewerFollows(db: Db, viewerId: string, creatorId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(follows)
    .where(and(eq(follows.creatorId, creatorId), eq(follows.followerId, viewerId)));
  return row !== undefined;
}

/**
 * The public profile read with a cache that never serves a stale answer. Every change the page shows
 * bumps the creator's row in creator_versions in the same transaction (database triggers, so every
 * writer and every API instance counts), and a cached profile is used only when a version read that
 * started after the request arrived still matches it. Concurrent requests for one creator share that
 * one-row read: a request waits for the next read to start rather than joining one already under way
 * (which could predate a write the requester has already seen committed).
 */
export class PublicProfileReader {
  private readonly entries = new Map<string, Entry>();
  private readonly running = new Map<string, Promise<number>>();
  private readonly queued = new Map<string, Promise<number>>();
  /** Answers from the cache and answers computed anew, for tests and diagnostics. */
  readonly stats = { hits: 0, misses: 0, versionReads: 0 };
  private readonly readVersion: (creatorId: string) => Promise<number>;

  constructor(
    private readonly db: Db,
    private readonly maxEntries = PROFILE_CACHE_ENTRIES,
    /** What the site's payment provider can do, told to the support page (the same for every creator). */
    private readonly paymentCapabilities: PaymentCapabilities = SANDBOX_CAPABILITIES,
  ) {
    this.readVersion = prepareVersionRead(db);
  }

  /**
   * The creator's current version, read by a query that starts after this call: the next round,
   * which starts once the round under way (if any) is done and the requests that arrived in the same
   * turn of the event loop have joined it (PGlite answers within one turn, so without that wait every
   * request would make its own round).
   */
  currentVersion(creatorId: string): Promise<number> {
    const queued = this.queued.get(creatorId);
    if (queued) return queued;
    const running = this.running.get(creatorId);
    const next = (running ? running.catch(() => undefined) : Promise.resolve())
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        this.queued.delete(creatorId);
        return this.startRead(creatorId);
      });
    this.queued.set(creatorId, next);
    return next;
  }

  private startRead(creatorId: string): Promise<number> {
    this.stats.versionReads += 1;
    const read = this.readVersion(creatorId).finally(() => {
      if (this.running.get(creatorId) === read) this.running.delete(creatorId);
    });
    this.running.set(creatorId, read);
    return read;
  }

  async read(rawUsername: string, viewer: SessionUser | null, now = new Date()): Promise<PublicProfileAnswer> {
    const username = rawUsername.trim().toLowerCase();
    const month = monthOf(now);
    const cached = this.entries.get(username);
    if (cached && cached.month === month) {
      const [version, following] = await Promise.all([
        this.currentVersion(cached.creatorId),
        viewer && viewer.id !== cached.creatorId ? viewerFollows(this.db, viewer.id, cached.creatorId) : false,
      ]);
      if (version === cached.version) {
        this.stats.hits += 1;
        return this.answer(cached, viewer, following);
      }
    }
    this.stats.misses += 1;
    // A stale entry goes now (the profile may be gone: 404 is never cached).
    if (cached && this.entries.get(username) === cached) this.entries.delete(username);
    // Miss or stale: the version first, then the figures, so the figures are at least that new.
    const found = isPossibleUsername(username) ? await findCreatorVersion(this.db, username) : undefined;
    const profile = {
      ...(await getPublicProfile(this.db, username, null, now)),
      paymentCapabilities: this.paymentCapabilities,
    };
    if (!found) return this.answer({ profile }, viewer, false);
    const entry: Entry = {
      creatorId: found.creatorId,
      version: found.version,
      month,
      profile,
      anonymousJson: JSON.stringify(z.encode(publicCreatorProfileSchema, profile)),
    };
    const current = this.entries.get(username);
    if (!current || current.month !== month || current.version <= entry.version) {
      this.entries.delete(username);
      this.entries.set(username, entry);
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    const following =
      viewer && viewer.id !== found.creatorId ? await viewerFollows(this.db, viewer.id, found.creatorId) : false;
    return this.answer(entry, viewer, following);
  }

  private answer(
    entry: Pick<Entry, 'profile'> & Partial<Entry>,
    viewer: SessionUser | null,
    following: boolean,
  ): PublicProfileAnswer {
    if (!viewer && entry.anonymousJson) return { kind: 'json', body: entry.anonymousJson };
    const isOwner = viewer !== null && viewer.id === entry.creatorId;
    return { kind: 'dto', body: { ...entry.profile, viewer: { isOwner, isFollowing: viewer ? following : false } } };
  }
}
