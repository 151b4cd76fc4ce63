import { renderHook } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { useRecordPageView } from './use-record-page-view';

const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'prerendering');
});

const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;

function calls() {
  return fetchMock.mock.calls.map((args) => {
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
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderHook(() => useRecordPageView('pixelpat', 'profile', true));
    await Promise.resolve();
    expect(calls()).toHaveLength(1);
  });
});
