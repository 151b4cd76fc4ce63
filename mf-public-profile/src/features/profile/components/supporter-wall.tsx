import { useState } from 'react';
import { getSupporterWallPage } from '@beabro/shared/api/supporter-wall-calls';
import type { SupporterWallEntryDto, SupporterWallPageDto } from '@beabro/shared/api-schemas/supporter-wall';
import { initialsOf } from '@beabro/shared/ui/creator-avatar';
import { Button } from '@beabro/shared/ui/button';
import { loadErrorMessage } from '../../../lib/load-error-message';
import { formatNumber } from '../../../lib/format-count';
import { ProfileSection } from './profile-section';

export const WALL_TITLE = 'Supporter Wall';
export const SHOW_MORE_LABEL = 'Show more supporters';

export interface SupporterWallProps {
  username: string;
  displayName: string;
  /** The first page, server-rendered with the profile. */
  wall: SupporterWallPageDto;
}

/**
 * The supporters who chose "Show me on the supporter wall" at checkout (anonymous supporters never
 * appear): name and tier, newest first. The first page comes with the profile (so it renders on the
 * server); "Show more supporters" reads the next pages.
 */
export function SupporterWall({ username, displayName, wall }: SupporterWallProps) {
  // Later pages belong to the first page they followed: when the profile is read again (a new support,
  // a hidden entry), they start over from it.
  const [loaded, setLoaded] = useState<{ after: SupporterWallPageDto; pages: SupporterWallPageDto[] }>({
    after: wall,
    pages: [],
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const more = loaded.after === wall ? loaded.pages : [];

  const last = more[more.length - 1] ?? wall;
  const seen = new Set<string>();
  const entries: SupporterWallEntryDto[] = [];
  for (const page of [wall, ...more])
    for (const entry of page.entries)
      if (!seen.has(entry.id)) {
        seen.add(entry.id);
        entries.push(entry);
      }

  const loadMore = async () => {
    setLoading(true);
    setError(null);
    try {
      const next = await getSupporterWallPage(username, last.page + 1);
      setLoaded({ after: wall, pages: [...more, next] });
    } catch (failure) {
      setError(loadErrorMessage(failure));
    } finally {
      setLoading(false);
    }
  };

  return (
    <ProfileSection
      title={WALL_TITLE}
      aside={
        wall.total > 0 ? (
          <span css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
            {formatNumber(wall.total)} {wall.total === 1 ? 'supporter' : 'supporters'}
          </span>
        ) : null
      }
    >
      {entries.length === 0 ? (
        <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
          No one is on {displayName}’s wall yet. Tick “Show me on the supporter wall” when you support to appear here.
        </p>
      ) : (
        <ul
          aria-label={`Supporters of ${displayName}`}
          css={(theme) => ({
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: theme.space(3),
            gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
          })}
        >
          {entries.map((entry) => (
            <li key={entry.id} css={{ display: 'flex', gap: '0.625rem', alignItems: 'center', minWidth: 0 }}>
              <span
                aria-hidden="true"
                css={(theme) => ({
                  width: '2.25rem',
                  height: '2.25rem',
                  flex: 'none',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  borderRadius: theme.radius.pill,
                  fontWeight: theme.font.weight.bold,
                  background: theme.color.brandSoft,
                  color: theme.color.brandHover,
                })}
              >
                {initialsOf(entry.name).slice(0, 1)}
              </span>
              <span css={{ minWidth: 0, display: 'grid' }}>
                <strong css={{ overflowWrap: 'anywhere' }}>{entry.name}</strong>
                <span css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
                  {entry.tierName ?? 'Supporter'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {last.page < last.pageCount ? (
        <div css={{ marginTop: '1rem', display: 'grid', gap: '0.5rem', justifyItems: 'start' }}>
          <Button variant="secondary" size="sm" onClick={() => void loadMore()} disabled={loading}>
            {loading ? 'Loading…' : SHOW_MORE_LABEL}
          </Button>
          {error ? (
            <p role="alert" css={(theme) => ({ margin: 0, color: theme.color.danger, fontSize: theme.font.size.sm })}>
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </ProfileSection>
  );
}
