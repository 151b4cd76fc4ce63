import type { MockInstance } from 'vitest';
import { renderHook } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { FIRST_USE_GLOBAL } from '@beabro/shared/contract/page-state';
import { http, HttpResponse, json, mockApi, server } from '@beabro/shared/testing/msw';
import { useRecordPageView } from './use-record-page-view';

const VIEWS = '/api/creators/pixelpat/views';

// msw answers the report; a spy on fetch (passing through to msw) sees it the moment the hook sends it,
// which the assertions below need: "not sent" must mean not sent, not "not answered yet".
let fetchSpy: MockInstance<typeof fetch>;

beforeEach(() => {
  mockApi({ [`POST ${VIEWS}`]: json(204) });
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  fetchSpy.mockRestore();
  Reflect.deleteProperty(document, 'prerendering');
  Reflect.deleteProperty(window, FIRST_USE_GLOBAL);
});

const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;

function calls() {
  return fetchSpy.mock.calls.map((args) => {
    const [url, init] = args as unknown as [string, RequestInit];
    return [url, init.method, init.body];
  });
}

describe('useRecordPageView', () => {
  it('reports one view per visit, even when React runs effects twice', () => {
    const { rerender } = renderHook(() => useRecordPageView('pixelpat', 'profile', true), { wrapper: strict });
    rerender();
    expect(calls()).toEqual([['/api/creators/pixelpat/views', 'POST', JSON.stringify({ page: 'profile' })]]);
  });

  it('waits until the creator is known to exist', () => {
    const { rerender } = renderHook(({ enabled }) => useRecordPageView('pixelpat', 'support', enabled), {
      initialProps: { enabled: false },
    });
    expect(calls()).toEqual([]);
    rerender({ enabled: true });
    expect(calls()).toEqual([['/api/creators/pixelpat/views', 'POST', JSON.stringify({ page: 'support' })]]);
  });

  it('does not count a prerendered page until the visitor opens it', () => {
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    renderHook(() => useRecordPageView('pixelpat', 'profile', true));
    expect(calls()).toEqual([]);
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(calls()).toHaveLength(1);
  });

  it('keeps quiet when the report fails', async () => {
    server.use(http.post(VIEWS, () => HttpResponse.error()));
    renderHook(() => useRecordPageView('pixelpat', 'profile', true));
    await Promise.resolve();
    expect(calls()).toHaveLength(1);
  });

  it('does not count again the view a public page’s first-use loader reported as it opened', () => {
    Reflect.set(window, FIRST_USE_GLOBAL, { reportedView: 'pixelpat|profile' });
    renderHook(() => useRecordPageView('pixelpat', 'profile', true));
    expect(calls()).toEqual([]);
    // Another page of the visit is counted as usual.
    renderHook(() => useRecordPageView('pixelpat', 'support', true));
    expect(calls()).toEqual([['/api/creators/pixelpat/views', 'POST', JSON.stringify({ page: 'support' })]]);
  });
});
