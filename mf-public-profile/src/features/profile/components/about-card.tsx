import type { PublicSocialLinkDto } from '@beabro/shared/api-schemas/public-profile';
import { getSocialPlatform } from '@beabro/shared/data/social-platforms';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { ProfileSection } from './profile-section';

/** The bio and the creator's links; each link's address comes from the server (built from platform + handle). */
export function AboutCard({ bio, socialLinks }: { bio: string; socialLinks: PublicSocialLinkDto[] }) {
  return (
    <ProfileSection title="About">
      {bio ? (
        <p
          css={(theme) => ({
            margin: 0,
            fontSize: theme.font.size.md,
            whiteSpace: 'pre-line',
            overflowWrap: 'anywhere',
          })}
        >
          {bio}
        </p>
      ) : (
        <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>This creator has not written a bio yet.</p>
      )}
      {socialLinks.length > 0 ? (
        <ul
          aria-label="Links"
          css={{
            listStyle: 'none',
            margin: '1.25rem 0 0',
            padding: 0,
            display: 'flex',
            flexWrap: 'wrap',
            gap: '0.5rem',
          }}
        >
          {socialLinks.map((link) => {
            const label = getSocialPlatform(link.platform).label;
            return (
              <li key={link.platform} css={{ minWidth: 0 }}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  css={(theme) => [
                    {
                      display: 'inline-flex',
                      alignItems: 'baseline',
                      gap: '0.375rem',
                      maxWidth: '100%',
                      padding: '0.375rem 0.75rem',
                      borderRadius: theme.radius.pill,
                      border: `1px solid ${theme.color.border}`,
                      background: theme.color.surfaceMuted,
                      color: theme.color.text,
                      textDecoration: 'none',
                      fontSize: theme.font.size.sm,
                      '&:hover': { borderColor: theme.color.brand, color: theme.color.brandHover },
                    },
                    focusRing(theme),
                  ]}
                >
                  <strong>{label}</strong>
                  <span
                    css={(theme) => ({
                      color: theme.color.textMuted,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    })}
                  >
                    {link.platform === 'website' ? link.handle : `@${link.handle}`}
                  </span>
                  <span className="visually-hidden">(opens in a new tab)</span>
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </ProfileSection>
  );
}
