import { describe, expect, it } from 'vitest';
import { isEmbeddableCheckout, pageSecurityPolicy, remoteOrigins } from './page-security-policy';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('the pages’ Content-Security-Policy', () => {
  it('allows scripts from this site and from where the live map loads remotes, and nothing inline', () => {
    const policy = pageSecurityPolicy({
      'mf-help': '/releases/mf-help/v2/mf-manifest.json',
      'mf-marketing': 'https://cdn.example.com/marketing/3/mf-manifest.json',
      'mf-creator': 'https://cdn.example.com/creator/1/remoteEntry.js',
      'mf-supporter': 'http://127.0.0.1:4500/mf-manifest.json',
    });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' http://127.0.0.1:4500 https://cdn.example.com");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:4500 https://cdn.example.com");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    // Images: this site, https hosts, data: icons and blob: previews of a file being uploaded; never plain http.
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https:");
  });

  it('allows Stripe.js, its API and its frames only when Stripe takes the payments', () => {
    const sandbox = pageSecurityPolicy({});
    expect(sandbox).not.toContain('stripe.com');
    expect(directive(sandbox, 'frame-src')).toBeUndefined();
    const stripe = pageSecurityPolicy({}, { stripe: true });
    expect(directive(stripe, 'script-src')).toBe("script-src 'self' https://js.stripe.com");
    expect(directive(stripe, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive(stripe, 'frame-src')).toBe("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
  });

  it('ignores entries that are not absolute http(s) URLs', () => {
    expect(remoteOrigins({ a: '/remotes/a/mf-manifest.json', b: 'javascript:alert(1)', c: 'https://[bad/x' })).toEqual(
      [],
    );
  });
});

describe('who may frame a page', () => {
  it('nobody, except the checkout in its embed layout, which any https site (and localhost) may frame', () => {
    expect(directive(pageSecurityPolicy({}), 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(pageSecurityPolicy({}, { embeddable: true }), 'frame-ancestors')).toBe(
      "frame-ancestors 'self' https: http://localhost:* http://127.0.0.1:*",
    );
  });

  it('recognises the embeddable checkout by its path and embed=1 only', () => {
    const is = (pathname: string, query: string) => isEmbeddableCheckout(pathname, new URLSearchParams(query));
    expect(is('/pixelpat/support', 'embed=1&origin=https%3A%2F%2Fmy.site')).toBe(true);
    expect(is('/pixelpat/support/', 'embed=1')).toBe(true);
    expect(is('/pixelpat/support', '')).toBe(false);
    expect(is('/pixelpat/support', 'embed=true')).toBe(false);
    expect(is('/pixelpat', 'embed=1')).toBe(false);
    expect(is('/settings', 'embed=1')).toBe(false);
    expect(is('/help/support', 'embed=1')).toBe(false);
    expect(is('/pixelpat/support/x', 'embed=1')).toBe(false);
    expect(is('/a/b/support', 'embed=1')).toBe(false);
  });
});
