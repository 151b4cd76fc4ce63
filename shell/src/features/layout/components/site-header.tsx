import { useId, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSignOut } from '@beabro/shared/api/sign-out';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { useToast } from '@beabro/shared/ui/toast';
import { ButtonLink } from '@beabro/shared/ui/button';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { paths } from '@beabro/shared/contract/paths';
import { accountLinks, displayNameOf, primaryLinks, SIGNED_OUT_ACTIONS } from '../lib/nav-links';
import { AccountEmail, AccountMenu } from './account-menu';
import { Logo } from './logo';
import { NavLinkItem } from './nav-link-item';
import { MenuIcon } from '@beabro/shared/ui/icons/menu';
import { XIcon } from '@beabro/shared/ui/icons/x';

/** The menu under the header on narrow screens. */
function MobileNav({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <nav
      id={id}
      aria-label="Mobile"
      css={(theme) => ({
        borderTop: `1px solid ${theme.color.border}`,
        background: theme.color.surface,
        [theme.breakpoint.md]: { display: 'none' },
      })}
    >
      <PageContainer css={{ padding: '0.5rem 1rem 1rem' }}>{children}</PageContainer>
    </nav>
  );
}

export function SiteHeader() {
  const user = useSessionStore((s) => s.user);
  const sessionKnown = useSessionStore((s) => s.status !== 'unknown');
  const signOut = useSignOut();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  // The mobile menu belongs to the location it was opened on, so any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const mobileOpen = menuOpenAt === location.key;
  const setMobileOpen = (open: boolean) => setMenuOpenAt(open ? location.key : null);
  const mobileMenuId = useId();

  // Home first (Logout clears the session and goes to /): left on a signed-in page, its route guard
  // would see the session end and send the visitor to sign in instead.
  const logout = () => {
    navigate(paths.home);
    signOut.mutate(undefined, {
      onError: () => toast.show('We could not sign you out. Check your connection and try again.', 'error'),
    });
  };
  const links = primaryLinks(user);
  const showBeABro = sessionKnown && !user?.isCreator;

  return (
    <header
      css={(theme) => ({
        position: 'sticky',
        top: 0,
        zIndex: 30,
        background: 'rgba(255,255,255,0.96)',
        backdropFilter: 'blur(6px)',
        borderBottom: `1px solid ${theme.color.border}`,
      })}
    >
      <a
        href="#main"
        css={(theme) => ({
          position: 'absolute',
          left: '-999px',
          top: '0.5rem',
          padding: '0.5rem 1rem',
          background: theme.color.text,
          color: theme.color.textInverse,
          borderRadius: theme.radius.sm,
          '&:focus': { left: '0.5rem' },
        })}
      >
        Skip to content
      </a>
      <PageContainer css={{ display: 'flex', alignItems: 'center', gap: '1rem', minHeight: '4rem' }}>
        <Logo />
        <nav
          aria-label="Main"
          css={(theme) => ({ display: 'flex', gap: '0.25rem', [theme.breakpoint.belowMd]: { display: 'none' } })}
        >
          {links.map((link) => (
            <NavLinkItem key={link.to} {...link} />
          ))}
        </nav>
        <div
          css={(theme) => ({
            marginLeft: 'auto',
            display: 'flex',
            alignItems: 'center',
            gap: '0.5rem',
            [theme.breakpoint.belowMd]: { display: 'none' },
          })}
        >
          {!sessionKnown ? null : user ? (
            <AccountMenu user={user} onLogout={logout} />
          ) : (
            <>
              <NavLinkItem {...SIGNED_OUT_ACTIONS.signIn} />
              <ButtonLink to={SIGNED_OUT_ACTIONS.join.to} variant="secondary" size="sm">
                {SIGNED_OUT_ACTIONS.join.label}
              </ButtonLink>
            </>
          )}
          {showBeABro ? (
            <ButtonLink to={SIGNED_OUT_ACTIONS.beABro.to} size="sm">
              {SIGNED_OUT_ACTIONS.beABro.label}
            </ButtonLink>
          ) : null}
        </div>
        <button
          type="button"
          data-menu-toggle=""
          aria-expanded={mobileOpen}
          aria-controls={mobileMenuId}
          onClick={() => setMobileOpen(!mobileOpen)}
          css={(theme) => [
            // jsdom ignores media queries, so both header variants are visible in component tests.
            {
              marginLeft: 'auto',
              display: 'inline-flex',
              alignItems: 'center',
              gap: '0.375rem',
              padding: '0.5rem 0.75rem',
              background: 'none',
              border: `1px solid ${theme.color.border}`,
              borderRadius: theme.radius.md,
              font: 'inherit',
              color: theme.color.text,
              cursor: 'pointer',
              [theme.breakpoint.md]: { display: 'none' },
            },
            focusRing(theme),
          ]}
        >
          {mobileOpen ? <XIcon /> : <MenuIcon />}
          Menu
        </button>
      </PageContainer>
      {mobileOpen ? (
        <MobileNav id={mobileMenuId}>
          {user ? (
            <div
              css={(theme) => ({
                padding: '0.75rem 0.5rem',
                borderBottom: `1px solid ${theme.color.border}`,
                marginBottom: '0.25rem',
              })}
            >
              <div css={(theme) => ({ fontWeight: theme.font.weight.bold })}>{displayNameOf(user)}</div>
              <AccountEmail email={user.email} />
            </div>
          ) : null}
          {[
            ...links,
            ...(user ? accountLinks(user) : sessionKnown ? [SIGNED_OUT_ACTIONS.signIn, SIGNED_OUT_ACTIONS.join] : []),
          ].map((link) => (
            <NavLinkItem key={`${link.to}-${link.label}`} {...link} block />
          ))}
          <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginTop: '0.75rem' }}>
            {showBeABro ? (
              <ButtonLink to={SIGNED_OUT_ACTIONS.beABro.to}>{SIGNED_OUT_ACTIONS.beABro.label}</ButtonLink>
            ) : null}
            {user ? (
              <button
                type="button"
                onClick={logout}
                css={(theme) => [
                  {
                    padding: '0.625rem 1.125rem',
                    font: 'inherit',
                    background: 'none',
                    border: `1px solid ${theme.color.borderStrong}`,
                    borderRadius: theme.radius.md,
                    cursor: 'pointer',
                    color: theme.color.text,
                  },
                  focusRing(theme),
                ]}
              >
                Logout
              </button>
            ) : null}
          </div>
        </MobileNav>
      ) : null}
      {/* Without JavaScript the Menu button cannot open the menu: on a phone its links show under the header. */}
      <noscript>
        <style>{'[data-menu-toggle]{display:none!important}'}</style>
        <MobileNav>
          {[...links, ...(user ? [] : [SIGNED_OUT_ACTIONS.signIn, SIGNED_OUT_ACTIONS.join])].map((link) => (
            <NavLinkItem key={`${link.to}-${link.label}`} {...link} block />
          ))}
          {showBeABro ? (
            <div css={{ marginTop: '0.75rem' }}>
              {/* A class of its own: a style emotion writes in here is not parsed when scripts run, so a page's
                  primary button sharing the class would arrive unstyled until its code ran. */}
              <ButtonLink to={SIGNED_OUT_ACTIONS.beABro.to} css={{ label: 'noscript' }}>
                {SIGNED_OUT_ACTIONS.beABro.label}
              </ButtonLink>
            </div>
          ) : null}
        </MobileNav>
      </noscript>
    </header>
  );
}
