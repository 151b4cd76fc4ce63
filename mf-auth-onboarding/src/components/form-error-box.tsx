import type { ReactNode } from 'react';

/** The red box of docs/product-rules.md#form-level-messages; an alert, so it is announced at once. */
export function FormErrorBox({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      css={(theme) => ({
        padding: `${theme.space(3)} ${theme.space(4)}`,
        borderRadius: theme.radius.md,
        border: `1px solid ${theme.color.danger}`,
        background: theme.color.dangerSoft,
        color: theme.color.danger,
        fontSize: theme.font.size.sm,
        fontWeight: theme.font.weight.medium,
      })}
    >
      {children}
    </div>
  );
}
