import { describe, expect, it } from 'vitest';
import { isBotUserAgent, isPrefetchRequest } from './page-view-filters';

describe('isBotUserAgent', () => {
  it('recognises crawlers and preview fetchers, case-insensitively', () => {
    for (const ua of [
      'Googlebot/2.1',
      'BINGBOT',
      'facebookexternalhit/1.1',
      'Yahoo! Slurp',
      'LinkedInBot/1.0',
      'AhrefsCrawler',
      'Baiduspider',
      'WhatsApp preview',
      undefined,
      '',
      '  ',
    ]) {
      expect(isBotUserAgent(ua), String(ua)).toBe(true);
    }
  });

  it('lets browsers through', () => {
    for (const ua of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    ]) {
      expect(isBotUserAgent(ua)).toBe(false);
    }
  });
});

describe('isPrefetchRequest', () => {
  it('recognises the prefetch headers browsers send', () => {
    expect(isPrefetchRequest({ 'sec-purpose': 'prefetch' })).toBe(true);
    expect(isPrefetchRequest({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetchRequest({ purpose: 'Prefetch' })).toBe(true);
    expect(isPrefetchRequest({ 'x-moz': 'prefetch' })).toBe(true);
    expect(isPrefetchRequest({ 'x-purpose': ['preview'] })).toBe(true);
  });

  it('lets ordinary requests through', () => {
    expect(isPrefetchRequest({})).toBe(false);
    expect(isPrefetchRequest({ 'user-agent': 'Mozilla/5.0', accept: 'application/json' })).toBe(false);
  });
});
