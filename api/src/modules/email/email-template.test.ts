import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-template';
import { escapeHtml, linkifyText } from './escape-html';

describe('renderEmail', () => {
  const email = renderEmail({
    heading: 'Hi <Maya> & co',
    paragraphs: ['Line one\nline two', 'Thanks "bro"'],
    action: { label: 'Verify my email', url: 'https://beabro.test/verify-email?token=a&b=<c>' },
    footer: ['Small print'],
  });

  it('writes a text part that reads on its own, with the link spelled out', () => {
    expect(email.text).toBe(
      ['Hi <Maya> & co', '', 'Line one\nline two', '', 'Thanks "bro"', '', 'Verify my email: https://beabro.test/verify-email?token=a&b=<c>', '', 'Small print', '', '-- ', 'Be a Bro'].join('\n'),
    );
  });

  it('escapes everything in the HTML part and makes the action a link', () => {
    expect(email.html).toContain('Hi &lt;Maya&gt; &amp; co');
    expect(email.html).toContain('Line one<br>line two');
    expect(email.html).toContain('Thanks &quot;bro&quot;');
    expect(email.html).toContain('href="https://beabro.test/verify-email?token=a&amp;b=&lt;c&gt;"');
    expect(email.html).not.toMatch(/<script|<Maya>/);
  });

  it('refuses an action that is not an http(s) link', () => {
    expect(() => renderEmail({ heading: 'x', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } })).toThrow(/http\(s\)/);
  });
});

describe('escapeHtml and linkifyText', () => {
  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('links http(s) URLs of plain text, leaving trailing punctuation and everything else escaped', () => {
    expect(linkifyText('Open https://beabro.test/x?a=1&b=2. <b>Or</b> not: javascript:alert(1)')).toBe(
      'Open <a href="https://beabro.test/x?a=1&amp;b=2">https://beabro.test/x?a=1&amp;b=2</a>. &lt;b&gt;Or&lt;/b&gt; not: javascript:alert(1)',
    );
  });
});
