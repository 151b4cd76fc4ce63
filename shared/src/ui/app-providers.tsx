import { Global, ThemeProvider, css } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { theme } from '@beabro/shared/theme/theme';
import { ToastProvider } from '@beabro/shared/ui/toast';

const globalStyles = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
    /* Room for the sticky site header (4rem) and a field's label above it: a field focused or linked to by its id is
       scrolled into view below them, not under the header. */
    scroll-padding-top: 6.5rem;
  }
  body {
    margin: 0;
    font-family: ${theme.font.body};
    color: ${theme.color.text};
    background: ${theme.color.surfaceMuted};
    line-height: 1.5;
  }
  h1,
  h2,
  h3 {
    line-height: 1.2;
  }
  img {
    max-width: 100%;
  }
  a {
    color: ${theme.color.brandHover};
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });
}

/** Theme, global styles, server-state cache and toasts: provided once by the shell, or by a remote's standalone harness. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <Global styles={globalStyles} />
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
