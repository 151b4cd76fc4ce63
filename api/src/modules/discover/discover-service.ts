import type { DiscoverQuery, DiscoverResponseDto } from '@beabro/shared/api-schemas/discover';
import { DISCOVER_BIO_EXCERPT_LENGTH } from '@beabro/shared/data/discover';
import { creatorTypeLabel, isCreatorType } from '@beabro/shared/data/creator-types';
import type { Db } from '../../db/database';
import { imageUrl } from '../images/images-service';
import { goalPercent } from '../public-profile/public-profile-service';
import { countCreators, listCreators, type DiscoverFilter } from './discover-repository';

const ELLIPSIS = '…';

/** At most `max` characters, "…" included, cut at the last word boundary that fits (mid-word only for one huge word). */
export function bioExcerpt(bio: string, max = DISCOVER_BIO_EXCERPT_LENGTH): string {
  const text = bio.trim().replace(/\s+/g, ' ');
  if (text.length <= max) return text;
  const room = text.slice(0, max - ELLIPSIS.length + 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room.slice(0, max - ELLIPSIS.length);
  // "word, …" reads badly; drop trailing punctuation before the ellipsis.
  return `${cut.replace(/[\s,;:.!?\-–—]+$/u, '')}${ELLIPSIS}`;
}

/**
 * Public creators for /discover: search, type filter, sort and pagination, with privacy applied as on the
 * profile (a hidden supporter count is null and does not order the list; hidden earnings mean no goal progress).
 */
export async function discoverCreators(db: Db, query: DiscoverQuery): Promise<DiscoverResponseDto> {
  const filter: DiscoverFilter = { search: query.q.trim(), creatorType: query.type || null };
  const offset = (query.page - 1) * query.pageSize;
  const [total, rows] = await Promise.all([
    countCreators(db, filter),
    listCreators(db, filter, query.sort, query.pageSize, offset),
  ]);
  return {
    items: rows.map((row) => {
      const creatorType = isCreatorType(row.creatorType) ? row.creatorType : 'other';
      const goal = row.goalAmountCents && row.goalAmountCents > 0 ? row.goalAmountCents : null;
      return {
        username: row.username,
        displayName: row.displayName,
        creatorType,
        creatorTypeLabel: creatorTypeLabel(creatorType),
        bioExcerpt: bioExcerpt(row.bio),
        profileImageUrl: imageUrl(row.profileImage),
        coverImageUrl: imageUrl(row.coverImage),
        supporterCount: row.showSupporterCount ? (row.supporterCount ?? 0) : null,
        // Progress of a public target tells the earnings: hidden with them, like on the profile.
        goalPercent: goal === null || !row.showEarnings ? null : goalPercent(row.raisedCents ?? 0, goal),
      };
    }),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
