import { css, type Theme } from '@emotion/react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { focusRing } from '@beabro/shared/ui/focus-ring';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

const padding: Record<ButtonSize, string> = { sm: '0.375rem 0.75rem', md: '0.625rem 1.125rem', lg: '0.875rem 1.5rem' };

export function buttonStyle(theme: Theme, { variant = 'primary', size = 'md', fullWidth = false }: StyleProps) {
  const palette = {
    primary: {
      bg: theme.color.brand,
      fg: theme.color.textInverse,
      border: theme.color.brand,
      hover: theme.color.brandHover,
    },
    secondary: {
      bg: theme.color.surface,
      fg: theme.color.text,
      border: theme.color.borderStrong,
      hover: theme.color.surfaceMuted,
    },
    ghost: { bg: 'transparent', fg: theme.color.text, border: 'transparent', hover: theme.color.surfaceMuted },
    danger: { bg: theme.color.danger, fg: theme.color.textInverse, border: theme.color.danger, hover: '#991b1b' },
    inverse: {
      bg: theme.color.surface,
      fg: theme.color.brand,
      border: theme.color.surface,
      hover: theme.color.brandSoft,
    },
  }[variant];
  return css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
    width: ${fullWidth ? '100%' : 'auto'};
    padding: ${padding[size]};
    font: inherit;
    font-size: ${size === 'sm' ? theme.font.size.sm : theme.font.size.md};
    font-weight: ${theme.font.weight.medium};
    line-height: 1.25;
    color: ${palette.fg};
    background: ${palette.bg};
    border: 1px solid ${palette.border};
    border-radius: ${theme.radius.md};
    text-decoration: none;
    cursor: pointer;
    transition: background 120ms ease;
    &:hover:not(:disabled) {
      background: ${palette.hover};
    }
    &:disabled {
      opacity: 0.55;
      cursor: not-allowed;
    }
    ${focusRing(theme)}
  `;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  children: ReactNode;
}

export function Button({ variant, size, fullWidth, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} css={(theme) => buttonStyle(theme, { variant, size, fullWidth })} {...rest} />;
}

export interface ButtonLinkProps extends LinkProps, StyleProps {}

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant, size, fullWidth, ...rest }: ButtonLinkProps) {
  return <Link css={(theme) => buttonStyle(theme, { variant, size, fullWidth })} {...rest} />;
}
