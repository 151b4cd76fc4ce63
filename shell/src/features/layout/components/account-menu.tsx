import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { accountLinks, displayNameOf } from '../lib/nav-links';

/** The signed-in account's email, cut with an ellipsis when it is long (whole in its tooltip). */
export function AccountEmail({ email }: { email: string }) {
  return (
    <div
      title={email}
      css={(theme) => ({
        fontSize: theme.font.size.sm,
        color: theme.color.textMuted,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      })}
    >
      {email}
    </div>
  );
}

/** Disclosure menu (button + list of links); closes on Escape, outside click and navigation. */
export function AccountMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = displayNameOf(user);
  const itemCss = (theme: Parameters<typeof focusRing>[0]) => [
    {
      display: 'block',
      width: '100%',
      padding: '0.625rem 1rem',
      textAlign: 'left' as const,
      color: theme.color.text,
      textDecoration: 'none',
      background: 'none',
      border: 'none',
      font: 'inherit',
      cursor: 'pointer',
      '&:hover': { background: theme.color.surfaceMuted },
    },
    focusRing(theme),
  ];

  return (
    <div ref={rootRef} css={{ position: 'relative' }}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        css={(theme) => [
          {
            display: 'inline-flex',
            alignItems: 'center',
            gap: '0.5rem',
            padding: '0.25rem 0.5rem',
            background: 'none',
            border: `1px solid ${theme.color.border}`,
            borderRadius: theme.radius.pill,
            font: 'inherit',
            cursor: 'pointer',
            color: theme.color.text,
          },
          focusRing(theme),
        ]}
      >
        <span
          aria-hidden="true"
          css={(theme) => ({
            display: 'inline-grid',
            placeItems: 'center',
            width: '1.75rem',
            height: '1.75rem',
            borderRadius: '50%',
            background: theme.color.brandSoft,
            color: theme.color.brandHover,
            fontWeight: theme.font.weight.bold,
          })}
        >
          {name.charAt(0).toUpperCase()}
        </span>
        <span>Account</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          id={menuId}
          css={(theme) => ({
            position: 'absolute',
            right: 0,
            top: 'calc(100% + 0.5rem)',
            minWidth: '14rem',
            maxWidth: 'min(20rem, calc(100vw - 2rem))',
            background: theme.color.surface,
            border: `1px solid ${theme.color.border}`,
            borderRadius: theme.radius.md,
            boxShadow: theme.shadow.raised,
            padding: '0.5rem 0',
            zIndex: 40,
          })}
        >
          <div
            css={(theme) => ({
              padding: '0.5rem 1rem',
              borderBottom: `1px solid ${theme.color.border}`,
              marginBottom: '0.25rem',
            })}
          >
            {/* One line each, cut with an ellipsis (an address broken mid-word read as two); the title shows it whole. */}
            <div
              title={name}
              css={(theme) => ({
                fontWeight: theme.font.weight.bold,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              })}
            >
              {name}
            </div>
            <AccountEmail email={user.email} />
          </div>
          <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {accountLinks(user).map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={() => setOpen(false)} css={itemCss}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onLogout();
                }}
                css={itemCss}
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
