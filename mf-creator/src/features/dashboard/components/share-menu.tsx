import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Theme } from '@emotion/react';
import { buttonStyle } from '@beabro/shared/ui/button';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { shareTargets } from '../utils/share-links';

export interface ShareMenuProps {
  url: string;
  text: string;
  /** Called on a click of the trigger; resolve `true` when it was handled (the phone's share sheet), so the menu stays closed. */
  onTrigger: () => Promise<boolean>;
  onCopy: () => void;
  onQrCode: () => void;
}

const itemStyle = (theme: Theme) => ({
  display: 'block',
  width: '100%',
  boxSizing: 'border-box' as const,
  padding: '0.5rem 0.75rem',
  font: 'inherit',
  fontSize: theme.font.size.sm,
  textAlign: 'left' as const,
  color: theme.color.text,
  textDecoration: 'none',
  background: 'transparent',
  border: 'none',
  borderRadius: theme.radius.sm,
  cursor: 'pointer',
  '&:hover, &:focus': { background: theme.color.surfaceMuted },
});
const menuItemCss = (theme: Theme) => [itemStyle(theme), focusRing(theme)];

/** "Share Profile": a menu button (arrow keys, Home/End, Escape and Tab close it, focus goes back to the button). */
export function ShareMenu({ url, text, onTrigger, onCopy, onQrCode }: ShareMenuProps) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const targets = shareTargets(url, text);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      list[(move + list.length) % list.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const external = (label: string, href: string): ReactNode => (
    <li role="none">
      <a
        role="menuitem"
        tabIndex={-1}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        css={menuItemCss}
        onClick={() => close(true)}
      >
        {label}
      </a>
    </li>
  );

  return (
    <div ref={rootRef} css={{ position: 'relative' }}>
      <button
        ref={triggerRef}
        type="button"
        css={(theme) => buttonStyle(theme, { size: 'sm' })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={async () => {
          if (open) return setOpen(false);
          if (!(await onTrigger())) setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        Share Profile
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Share your page"
          onKeyDown={onMenuKeyDown}
          css={(theme) => ({
            position: 'absolute',
            zIndex: 20,
            top: 'calc(100% + 0.25rem)',
            left: 0,
            minWidth: '12rem',
            margin: 0,
            padding: '0.25rem',
            listStyle: 'none',
            background: theme.color.surface,
            border: `1px solid ${theme.color.border}`,
            borderRadius: theme.radius.md,
            boxShadow: theme.shadow.raised,
          })}
        >
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              css={menuItemCss}
              onClick={() => {
                close(true);
                onCopy();
              }}
            >
              Copy link
            </button>
          </li>
          {external('X', targets.x)}
          {external('Facebook', targets.facebook)}
          {external('WhatsApp', targets.whatsapp)}
          <li role="none">
            <a role="menuitem" tabIndex={-1} href={targets.email} css={menuItemCss} onClick={() => close(true)}>
              Email
            </a>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-haspopup="dialog"
              css={menuItemCss}
              onClick={() => {
                close(false);
                onQrCode();
              }}
            >
              QR code
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
