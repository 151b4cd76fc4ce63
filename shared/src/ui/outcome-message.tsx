import type { Ref, ReactNode } from 'react';

export type OutcomeTone = 'success' | 'danger' | 'info';

export interface OutcomeMessageProps {
  tone: OutcomeTone;
  children: ReactNode;
  /** For moving focus to the message after an action (it is focusable from script only). */
  ref?: Ref<HTMLDivElement>;
  /** Announce it: `alert` for a failure, `status` for news. None for a message that was there on arrival. */
  role?: 'alert' | 'status';
}

/** The outcome of an action, or why none is possible, in the colours of its tone (an email link's pages, for example). */
export function OutcomeMessage({ tone, children, ref, role }: OutcomeMessageProps) {
  return (
    <div
      ref={ref}
      role={role}
      tabIndex={-1}
      css={(theme) => {
        const palette = {
          success: { fg: theme.color.success, bg: theme.color.successSoft },
          danger: { fg: theme.color.danger, bg: theme.color.dangerSoft },
          info: { fg: theme.color.text, bg: theme.color.brandSoft },
        }[tone];
        return {
          padding: `${theme.space(3)} ${theme.space(4)}`,
          borderRadius: theme.radius.md,
          border: `1px solid ${palette.fg}`,
          background: palette.bg,
          color: palette.fg,
          fontWeight: theme.font.weight.medium,
          overflowWrap: 'anywhere',
          '& p': { margin: 0 },
          '& p + p': { marginTop: theme.space(2) },
          '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: '2px' },
        };
      }}
    >
      {children}
    </div>
  );
}
