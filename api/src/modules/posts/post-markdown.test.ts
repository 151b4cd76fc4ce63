import { describe, expect, it } from 'vitest';
import { emailText, renderEmail } from '../email/email-template';
import { EXCERPT_MAX_LENGTH, postEmailBlocks, renderPostMarkdown, truncateText } from './post-markdown';

const OURS = '/uploads/0123456789abcdef0123456789abcdef.png';

const TAGS = new Set([
  'p',
  'em',
  'strong',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h2',
  'h3',
  'h4',
  'a',
  'img',
  'br',
]);
const ATTRIBUTES = new Set(['href', 'rel', 'src', 'alt', 'title', 'width', 'height', 'loading', 'decoding', 'start']);
/** A real tag: a name, then only double-quoted attributes (the renderer escapes `"` inside values). */
const TAG = /<\/?([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*\/?>/g;

/** Only the subset's tags and attributes, no URL but http(s), mailto and our uploads, and no other `<` at all. */
function expectInert(html: string) {
  for (const [, name = '', attributes = ''] of html.matchAll(TAG)) {
    expect(TAGS.has(name), `tag <${name}>`).toBe(true);
    for (const [, attribute = '', value = ''] of attributes.matchAll(/([a-z-]+)="([^"]*)"/g)) {
      expect(ATTRIBUTES.has(attribute), `attribute ${attribute}`).toBe(true);
      if (attribute === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:|#$)/);
      if (attribute === 'src') expect(value).toBe(OURS);
    }
  }
  expect(html.replace(TAG, '')).not.toContain('<');
}

describe('post Markdown to HTML', () => {
  it('renders the safe subset', () => {
    const { html } = renderPostMarkdown(
      [
        '# Big title',
        '## Title',
        '#### Small',
        '###### Smallest',
        'Some *emphasis*, **strong** and `code`.',
        '- one\n- two',
        '1. first',
        '> quoted',
        '```\nconst x = 1;\n```',
        '[site](https://example.com) [mail](mailto:me@example.com) [plain](http://example.com)',
        `![A photo](${OURS})`,
      ].join('\n\n'),
    );
    expect(html).toContain('<h2>Big title</h2>');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<h4>Small</h4>');
    expect(html).toContain('<h4>Smallest</h4>');
    expect(html).not.toMatch(/<h[156]/);
    expect(html).toContain('<em>emphasis</em>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<ol>\n<li>first</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<pre><code>const x = 1;\n</code></pre>');
    expect(html).toContain('<a href="https://example.com" rel="nofollow ugc noopener">site</a>');
    expect(html).toContain('<a href="mailto:me@example.com" rel="nofollow ugc noopener">mail</a>');
    expect(html).toContain('<a href="http://example.com" rel="nofollow ugc noopener">plain</a>');
    expect(html).toContain(`<img src="${OURS}" alt="A photo" loading="lazy" decoding="async" />`);
  });

  it('sizes our images from their recorded size, and leaves the size out when it is not known', () => {
    const OLD = '/uploads/fedcba9876543210fedcba9876543210.jpg';
    const NEW = '/uploads/00112233445566778899aabbccddeeff.webp';
    const { html } = renderPostMarkdown(
      `![A photo](${OURS})\n\n![Older](${OLD})\n\n![Newer](${NEW})`,
      new Map([
        [OURS.slice('/uploads/'.length), { width: 1200, height: 800 }],
        [OLD.slice('/uploads/'.length), null],
      ]),
    );
    expect(html).toContain(
      `<img src="${OURS}" alt="A photo" width="1200" height="800" loading="lazy" decoding="async" />`,
    );
    expect(html).toContain(`<img src="${OLD}" alt="Older" loading="lazy" decoding="async" />`);
    expect(html).toContain(`<img src="${NEW}" alt="Newer" loading="lazy" decoding="async" />`);
    expectInert(html.replaceAll(OLD, OURS).replaceAll(NEW, OURS));
  });

  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['a script tag inside a paragraph', 'Hello <script>alert(1)</script> there'],
    ['an image with onerror', '<img src=x onerror=alert(1)>'],
    ['raw HTML with handlers', '<div onclick="alert(1)">click</div>\n\n<a href="javascript:alert(1)">x</a>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['a style tag', '<style>body{display:none}</style>'],
    ['an svg', '<svg onload=alert(1)></svg>'],
    ['a javascript: link', '[click](javascript:alert(1))'],
    ['a JavaScript: link in capitals', '[click](JAVASCRIPT:alert(1))'],
    ['an encoded javascript: link', '[click](&#106;avascript:alert(1))'],
    ['a javascript: link with spaces', '[click]( javascript:alert(1) )'],
    ['a javascript: reference link', '[click][x]\n\n[x]: javascript:alert(1)'],
    ['a vbscript: link', '[click](vbscript:msgbox(1))'],
    ['a data: link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['a data: image', '![x](data:image/png;base64,iVBORw0KGgo=)'],
    ['an image from elsewhere', '![x](https://evil.example/track.png)'],
    ['an image with a relative path out of uploads', '![x](/uploads/../api/secret.png)'],
    ['an autolink to javascript:', '<javascript:alert(1)>'],
    ['a title attribute breaking out', `[x](https://example.com "a\\" onmouseover=\\"alert(1)")`],
    ['an image alt breaking out', `![a" onerror="alert(1)](${OURS})`],
    ['HTML entities', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ])('neutralises %s', (_name, markdown) => {
    expectInert(renderPostMarkdown(markdown).html);
  });

  it('keeps what was typed as text when it is not in the subset', () => {
    const { html } = renderPostMarkdown('<b>bold?</b> and [x](javascript:alert(1))');
    expect(html).toBe('<p>&lt;b&gt;bold?&lt;/b&gt; and [x](javascript:alert(1))</p>\n');
  });

  it('reports every image the body asks for, ours or not, so the service can refuse the others', () => {
    const { imageSources } = renderPostMarkdown(
      `![a](${OURS}) ![b](https://evil.example/b.png) ![c](data:image/png;base64,AAAA)`,
    );
    expect(imageSources).toEqual([OURS, 'https://evil.example/b.png', 'data:image/png;base64,AAAA']);
  });

  it('makes a plain-text excerpt of at most 200 characters', () => {
    const { excerpt } = renderPostMarkdown(
      `## Hello\n\nA **bold** [link](https://x.example).\n\n${'word '.repeat(100)}`,
    );
    expect(excerpt.startsWith('Hello A bold link. word word')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX_LENGTH);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(truncateText('short', 10)).toBe('short');
  });

  it('gives the body as an email’s blocks: formatting kept, unsafe links as text, images left out', () => {
    const markdown = [
      '## A *heading*',
      'Hi **there**, `code` and a [link](https://x.example).',
      '- a [mail](mailto:me@x.example)\n- two\n  1. nested',
      '> quoted',
      '```\nlet a = 1;\n```',
      '[bad](javascript:alert(1)) and [upload](' + OURS + ') ![img](' + OURS + ')',
    ].join('\n\n');
    const blocks = postEmailBlocks(markdown);
    expect(blocks).toEqual([
      { as: 'heading', rich: [{ text: 'A ' }, { text: 'heading', em: true }] },
      {
        as: 'paragraph',
        rich: [
          { text: 'Hi ' },
          { text: 'there', strong: true },
          { text: ', ' },
          { text: 'code', code: true },
          { text: ' and a ' },
          { text: 'link', href: 'https://x.example' },
          { text: '.' },
        ],
      },
      { as: 'paragraph', marker: '• ', rich: [{ text: 'a ' }, { text: 'mail', href: 'mailto:me@x.example' }] },
      { as: 'paragraph', marker: '• ', rich: [{ text: 'two' }] },
      { as: 'paragraph', marker: '1. ', indent: 1, rich: [{ text: 'nested' }] },
      { as: 'quote', rich: [{ text: 'quoted' }] },
      { as: 'code', rich: [{ text: 'let a = 1;' }] },
      { as: 'paragraph', rich: [{ text: '[bad](javascript:alert(1)) and upload' }] },
    ]);
    // The text part: each block on its own, links written out.
    expect(emailText({ heading: 'Post', blocks, reason: 'Why.' }).split('\n\n').slice(1, 9)).toEqual([
      'A heading',
      'Hi there, code and a link (https://x.example).',
      '• a mail (me@x.example)',
      '• two',
      '  1. nested',
      'quoted',
      'let a = 1;',
      '[bad](javascript:alert(1)) and upload',
    ]);
  });

  it('puts what a creator typed into the HTML part as text, with only safe links', async () => {
    const blocks = postEmailBlocks(
      '<script>alert(1)</script> **<img src=x onerror=alert(1)>** [<b>x</b>](https://x.example/?a="b"&c=<d>)\n\n> <i>q</i>',
    );
    const { html } = await renderEmail({ heading: 'Post', blocks, reason: 'Why.' });
    expect(html).not.toMatch(/<(script|img|b|i)[\s>/]/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<strong>&lt;img src=x onerror=alert(1)&gt;</strong>');
    expect(html).toContain('href="https://x.example/?a=%22b%22&amp;c=%3Cd%3E"');
    expect(html).toContain('&lt;i&gt;q&lt;/i&gt;');
  });
});
