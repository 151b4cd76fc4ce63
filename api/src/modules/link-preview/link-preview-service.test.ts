import { describe, expect, it } from 'vitest';
import { escapeHtml, injectLinkPreview, profileUsernameFromPath, type LinkPreview } from './link-preview-service';

const preview: LinkPreview = {
  title: 'Pat "The Pixel" <Smith> on Be a Bro',
  description: "Tom & Jerry's $& fan club </title><script>alert(1)</script>",
  imageUrl: 'https://beabro.example/uploads/0123456789abcdef0123456789abcdef.png',
  imageAlt: 'Pat on Be a Bro',
  url: 'https://beabro.example/pat',
};

describe('profileUsernameFromPath', () => {
  it('finds the username of /{username}', () => {
    expect(profileUsernameFromPath('/pixelpat')).toBe('pixelpat');
    expect(profileUsernameFromPath('/pixelpat/')).toBe('pixelpat');
    expect(profileUsernameFromPath('/pixel_pat_2')).toBe('pixel_pat_2');
  });

  it('leaves every other path alone: app routes, deeper paths, other alphabets', () => {
    for (const path of [
      '/',
      '/help',
      '/auth',
      '/create',
      '/dashboard',
      '/settings',
      '/analytics',
      '/discover',
      '/supporter-dashboard',
      '/admin',
      '/pixelpat/support',
      '/PixelPat',
      '/pixel-pat',
      '/%zz',
      '/a%2Fb',
    ]) {
      expect(profileUsernameFromPath(path), path).toBeNull();
    }
  });
});

describe('escapeHtml', () => {
  it('escapes everything that could end a text node or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('injectLinkPreview', () => {
  const shell =
    '<!doctype html><html><head><meta charset="utf-8"><title>Be a Bro - Support the missions you believe in</title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';

  it('replaces the shell title with the preview title and adds the OpenGraph and Twitter tags, escaped', () => {
    const html = injectLinkPreview(shell, preview);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Pat &quot;The Pixel&quot; &lt;Smith&gt; on Be a Bro</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Pat &quot;The Pixel&quot; &lt;Smith&gt; on Be a Bro" />',
    );
    expect(html).toContain(
      '<meta property="og:description" content="Tom &amp; Jerry&#39;s $&amp; fan club &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://beabro.example/uploads/0123456789abcdef0123456789abcdef.png" />',
    );
    expect(html).toContain('<meta property="og:url" content="https://beabro.example/pat" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(
      '<meta name="twitter:title" content="Pat &quot;The Pixel&quot; &lt;Smith&gt; on Be a Bro" />',
    );
    expect(html).not.toContain('<script>alert');
    // The rest of the page is untouched.
    expect(html).toContain('<script defer src="/main.js"></script></head><body><div id="root"></div></body>');
  });

  it('adds the tags to <head> when the page has no title', () => {
    const html = injectLinkPreview('<html><head></head><body></body></html>', preview);
    expect(html).toMatch(/^<html><head><title>.*<\/title>.*<\/head><body><\/body><\/html>$/);
  });
});
