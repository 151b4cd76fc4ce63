import {
  embedCheckoutUrl,
  embedHostOrigin,
  embedLinkSnippet,
  embedScriptSnippet,
  embedTextProblem,
  isEmbedMessage,
  normalizeEmbedColor,
  textColorOn,
} from '@beabro/shared/embed/embed-options';

describe('embedHostOrigin', () => {
  it('accepts https origins and http on localhost only, given exactly as an origin', () => {
    expect(embedHostOrigin('https://example.com')).toBe('https://example.com');
    expect(embedHostOrigin('https://shop.example.com:8443')).toBe('https://shop.example.com:8443');
    expect(embedHostOrigin('http://localhost:4345')).toBe('http://localhost:4345');
    expect(embedHostOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it.each([
    null,
    '',
    '*',
    'null',
    'http://example.com',
    'https://example.com/',
    'https://example.com/page',
    'https://a@example.com',
    'javascript:alert(1)',
    'HTTPS://EXAMPLE.COM',
  ])('refuses %s', (value) => {
    expect(embedHostOrigin(value)).toBeNull();
  });
});

describe('button options', () => {
  it('normalises hex colours and refuses anything else', () => {
    expect(normalizeEmbedColor('#ABC')).toBe('#aabbcc');
    expect(normalizeEmbedColor(' #4F46E5 ')).toBe('#4f46e5');
    expect(normalizeEmbedColor('red')).toBeNull();
    expect(normalizeEmbedColor('#12345')).toBeNull();
    expect(normalizeEmbedColor('#fff;background:url(x)')).toBeNull();
  });

  it('checks the button text', () => {
    expect(embedTextProblem('  ')).toBe('Enter the text of the button.');
    expect(embedTextProblem('x'.repeat(41))).toBe('Keep the button text to 40 characters or fewer.');
    expect(embedTextProblem('Buy me a coffee')).toBeNull();
  });

  it('picks readable text on the button colour', () => {
    expect(textColorOn('#4f46e5')).toBe('#ffffff');
    expect(textColorOn('#000000')).toBe('#ffffff');
    expect(textColorOn('#facc15')).toBe('#111827');
    expect(textColorOn('#ffffff')).toBe('#111827');
  });
});

describe('snippets', () => {
  const options = {
    username: 'pixelpat',
    text: 'Say "thanks" <3',
    color: '#4f46e5',
    position: 'bottom-right' as const,
  };

  it('builds the script tag with escaped attributes', () => {
    expect(embedScriptSnippet('https://beabro.app', options)).toBe(
      '<script src="https://beabro.app/embed.js" async data-username="pixelpat" data-text="Say &quot;thanks&quot; &lt;3" data-color="#4f46e5" data-position="bottom-right"></script>',
    );
  });

  it('builds the plain link to the support page', () => {
    expect(embedLinkSnippet('https://beabro.app', options)).toBe(
      '<a href="https://beabro.app/pixelpat/support" target="_blank" rel="noopener">Say &quot;thanks&quot; &lt;3</a>',
    );
  });

  it('points the frame at the embed layout with the host origin', () => {
    expect(embedCheckoutUrl('https://beabro.app', 'pixelpat', 'https://my.site')).toBe(
      'https://beabro.app/pixelpat/support?embed=1&origin=https%3A%2F%2Fmy.site',
    );
  });
});

describe('isEmbedMessage', () => {
  it('accepts the two messages and nothing else', () => {
    expect(isEmbedMessage({ source: 'beabro', type: 'close' })).toBe(true);
    expect(
      isEmbedMessage({
        source: 'beabro',
        type: 'support',
        supportId: 'a',
        creatorUsername: 'p',
        amountCents: 500,
        isRecurring: false,
      }),
    ).toBe(true);
    expect(
      isEmbedMessage({
        source: 'beabro',
        type: 'support',
        supportId: 'a',
        creatorUsername: 'p',
        amountCents: 5.5,
        isRecurring: false,
      }),
    ).toBe(false);
    expect(isEmbedMessage({ source: 'other', type: 'close' })).toBe(false);
    expect(isEmbedMessage('close')).toBe(false);
    expect(isEmbedMessage(null)).toBe(false);
  });
});
