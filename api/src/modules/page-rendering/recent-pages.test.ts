import { describe, expect, it } from 'vitest';
import type { PageRender } from '@beabro/shared/contract/page-state';
import { createRecentPages } from './recent-pages';

function page(html: string, rendered = true): PageRender {
  const area = { remote: 'mf-public-profile', module: './profile', rendered };
  return { html, area, state: { remoteMap: {}, render: { area, queries: { mutations: [], queries: [] } } } };
}

/** A render that counts its calls and finishes when told. */
function renders() {
  let calls = 0;
  const pending: ((value: PageRender | null) => void)[] = [];
  return {
    get calls() {
      return calls;
    },
    render: () => {
      calls += 1;
      return new Promise<PageRender | null>((resolve) => pending.push(resolve));
    },
    finish: (value: PageRender | null) => pending.shift()?.(value),
  };
}

describe('recent pages', () => {
  it('renders a page once for every visitor who asks for it in the same moment, waiting or not', async () => {
    let clock = 1_000;
    const recent = createRecentPages(1000, () => clock);
    const r = renders();
    const first = recent.get('/pixelpat', 'v1', r.render);
    const meanwhile = recent.get('/pixelpat', 'v1', r.render);
    r.finish(page('<p>pat</p>'));
    expect((await first)?.html).toBe('<p>pat</p>');
    expect(await meanwhile).toBe(await first);
    clock += 999;
    expect((await recent.get('/pixelpat', 'v1', r.render))?.html).toBe('<p>pat</p>');
    expect(r.calls).toBe(1);

    // A moment later the page is rendered again.
    clock += 1;
    const later = recent.get('/pixelpat', 'v1', r.render);
    expect(r.calls).toBe(2);
    r.finish(page('<p>pat 2</p>'));
    expect((await later)?.html).toBe('<p>pat 2</p>');
  });

  it('keeps pages apart by address and by what the render depends on (a deploy changes the key)', async () => {
    const recent = createRecentPages(1000, () => 0);
    const r = renders();
    void recent.get('/pixelpat', 'v1', r.render);
    void recent.get('/help', 'v1', r.render);
    void recent.get('/pixelpat', 'v2', r.render);
    expect(r.calls).toBe(3);
  });

  it('forgets every page at once', async () => {
    const recent = createRecentPages(1000, () => 0);
    const r = renders();
    const first = recent.get('/pixelpat', 'v1', r.render);
    r.finish(page('<p>before</p>'));
    await first;
    recent.forget();
    const after = recent.get('/pixelpat', 'v1', r.render);
    r.finish(page('<p>after</p>'));
    expect((await after)?.html).toBe('<p>after</p>');
    expect(r.calls).toBe(2);
  });

  it('does not keep a page whose area fell back to the browser, a failed render, nor a page for the browser', async () => {
    const recent = createRecentPages(1000, () => 0);
    const r = renders();
    for (const outcome of [page('<p>fallback</p>', false), null]) {
      const first = recent.get('/pixelpat', 'v1', r.render);
      r.finish(outcome);
      await first;
    }
    const failing = recent.get('/help', 'v1', () => Promise.reject(new Error('renderer down')));
    await expect(failing).rejects.toThrow('renderer down');
    expect(recent.size).toBe(0);
    void recent.get('/pixelpat', 'v1', r.render);
    expect(r.calls).toBe(3);
  });

  it('never keeps an address with a token, nor anything when the time is 0', async () => {
    const tokens = createRecentPages(1000, () => 0);
    const r = renders();
    void tokens.get('/subscriptions/cancel?token=abc', 'v1', r.render);
    void tokens.get('/subscriptions/cancel?token=abc', 'v1', r.render);
    expect(r.calls).toBe(2);
    expect(tokens.size).toBe(0);

    const off = createRecentPages(0, () => 0);
    void off.get('/pixelpat', 'v1', r.render);
    void off.get('/pixelpat', 'v1', r.render);
    expect(r.calls).toBe(4);
  });

  it('keeps at most a few hundred pages, the oldest going first', async () => {
    let clock = 0;
    const recent = createRecentPages(60_000, () => clock);
    for (let i = 0; i < 400; i += 1) {
      clock += 1;
      void recent.get(`/creator${i}`, 'v1', () => Promise.resolve(page(`<p>${i}</p>`)));
    }
    expect(recent.size).toBe(300);
    let again = 0;
    void recent.get('/creator399', 'v1', () => {
      again += 1;
      return Promise.resolve(null);
    });
    void recent.get('/creator0', 'v1', () => {
      again += 1;
      return Promise.resolve(null);
    });
    expect(again).toBe(1);
  });
});
