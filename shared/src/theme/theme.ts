// Design tokens: every area styles itself from these, so the composed site looks like one product.
export const theme = {
  color: {
    brand: '#4f46e5',
    brandHover: '#4338ca',
    brandSoft: '#eef2ff',
    accent: '#f97316',
    accentSoft: '#fff7ed',
    text: '#111827',
    textMuted: '#4b5563',
    textInverse: '#ffffff',
    surface: '#ffffff',
    surfaceMuted: '#f9fafb',
    border: '#e5e7eb',
    // Borders that identify a control (inputs, secondary buttons): at least 3:1 on white (WCAG 1.4.11); #6b7280 is 4.8:1.
    borderStrong: '#6b7280',
    success: '#047857',
    successSoft: '#ecfdf5',
    danger: '#b91c1c',
    dangerSoft: '#fef2f2',
    warning: '#92400e',
    warningSoft: '#fffbeb',
    focus: '#2563eb',
  },
  gradient: {
    hero: 'linear-gradient(135deg, #4f46e5 0%, #7c3aed 55%, #db2777 100%)',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: {
      xs: '0.75rem',
      sm: '0.875rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.375rem',
      xxl: '1.875rem',
      hero: 'clamp(2rem, 5vw, 3.5rem)',
    },
    weight: { normal: 400, medium: 500, bold: 700 },
  },
  space: (n: number): string => `${n * 0.25}rem`,
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgba(17, 24, 39, 0.06), 0 1px 3px rgba(17, 24, 39, 0.1)',
    raised: '0 10px 25px rgba(17, 24, 39, 0.12)',
  },
  layout: { maxWidth: '1120px' },
  breakpoint: {
    sm: '@media (min-width: 640px)',
    md: '@media (min-width: 768px)',
    lg: '@media (min-width: 1024px)',
    belowMd: '@media (max-width: 767.98px)',
  },
} as const;

export type AppTheme = typeof theme;

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends AppTheme {}
}
