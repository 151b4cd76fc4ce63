// @vitest-environment node
import { dehydrate } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { mockApi } from '@beabro/shared/testing/msw';
import { renderOnServer, visibleText } from '@beabro/shared/testing/server-render';
import * as landing from './landing';

// The shell's server render (contract 1.1) in a real Node environment, for a signed-out visitor. The
// landing page is all built in: it has no prefetch and asks the API for nothing.

const LandingArea = landing.default;

const routes = (
  <Routes>
    <Route path="/" element={<LandingArea basePath="/" />} />
  </Routes>
);

beforeEach(() => useSessionStore.setState({ status: 'signed-out', user: null }));

describe('server rendering of the landing page', () => {
  it('runs where there is no browser', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders the hero and every section without loading anything', () => {
    const api = mockApi({});
    expect('prefetch' in landing).toBe(false);
    const queryClient = createQueryClient();

    const text = visibleText(renderOnServer(routes, { url: '/', queryClient }));

    expect(text).toContain('Get backed by the people who believe in your mission');
    expect(text).toContain('Start Getting Supported');
    expect(text).toContain('How mission builders use Be a Bro');
    expect(api.calls).toHaveLength(0);
    expect(dehydrate(queryClient).queries).toEqual([]);
  });
});
