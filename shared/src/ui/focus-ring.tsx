import { css, type Theme } from '@emotion/react';

/** Visible keyboard focus for every interactive element of the kit (WCAG 2.4.7). */
export function focusRing(theme: Theme) {
  return css`
    &:focus-visible {
      outline: 3px solid ${theme.color.focus};
      outline-offset: 2px;
    }
  `;
}
