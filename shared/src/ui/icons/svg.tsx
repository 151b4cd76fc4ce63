import type { ReactNode } from 'react';

/*
 * The frame every icon of the set draws in (the set: @beabro/shared/ui/icon): a 24×24 line drawing
 * in the text's colour, 1em unless sized. Decorative (aria-hidden) unless given a `label`, for an icon
 * that carries meaning alone; then it is an image with that accessible name.
 */

export interface IconProps {
  /** A number of pixels, or any CSS size; 1em (the default) follows the surrounding text. */
  size?: number | string;
  className?: string;
  /** Only for an icon that carries meaning alone (no text next to it says the same). */
  label?: string;
}

export function IconSvg({ size = '1em', className, label, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      focusable="false"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      css={{ flex: 'none', display: 'inline-block', verticalAlign: '-0.125em' }}
    >
      {children}
    </svg>
  );
}
