import { SUPPORT_EVENT, type SupportEventDetail } from '@beabro/shared/embed/embed-options';
import { installEmbed, mountEmbed } from './embed';

const SITE = 'https://beabro.example';

function addScript(data: Record<string, string>, parent: HTMLElement = document.body): HTMLScriptElement {
  const script = document.createElement('script');
  // Not executed: jsdom runs no external scripts unless told to; the test mounts the tag itself.
  script.src = `${SITE}/embed.js`;
  for (const [name, value] of Object.entries(data)) script.setAttribute(`data-${name}`, value);
  parent.append(script);
  return script;
}

function mount(data: Record<string, string>): HTMLButtonElement {
  const button = mountEmbed(addScript(data));
  if (!button) throw new Error('no button');
  return button;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const iframe = () => dialog()?.querySelector('iframe') ?? null;

function post(
  data: unknown,
  { origin = SITE, source = iframe()?.contentWindow ?? null }: { origin?: string; source?: Window | null } = {},
) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

beforeAll(() => {
  installEmbed();
});

afterEach(() => {
  (window as unknown as { BeABro: { close: () => void } }).BeABro.close();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('embed.js', () => {
  it('defines one global namespace, once', () => {
    const first = installEmbed();
    expect(installEmbed()).toBe(first);
    expect((window as unknown as Record<string, unknown>).BeABro).toBe(first);
  });

  it('renders an inline button right after its script tag with the text and colour of the snippet', () => {
    const wrapper = document.createElement('p');
    document.body.append(wrapper);
    const script = addScript(
      { username: 'PixelPat', text: 'Buy me a coffee', color: '#FACC15', position: 'inline' },
      wrapper,
    );
    const button = mountEmbed(script);
    expect(button).not.toBeNull();
    expect(script.nextElementSibling).toBe(button);
    expect(button).toHaveTextContent('Buy me a coffee');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button?.style.background).toMatch(/rgb\(250, 204, 21\)|#facc15/i);
    // A light colour gets dark text, so the label stays readable.
    expect(button?.style.color).toMatch(/rgb\(17, 24, 39\)|#111827/i);
    expect(button?.style.position).toBe('');
  });

  it('renders a floating button at the chosen corner', () => {
    const left = mount({ username: 'pixelpat', position: 'bottom-left' });
    expect(left.parentElement).toBe(document.body);
    expect(left.style.position).toBe('fixed');
    expect(left.style.left).toBe('1rem');
    expect(left.style.right).toBe('');
    const right = mount({ username: 'pixelpat', position: 'bottom-right' });
    expect(right.style.right).toBe('1rem');
    expect(right.style.color).toMatch(/rgb\(255, 255, 255\)|#ffffff/i);
  });

  it('falls back to the defaults for bad options, with a warning, and shows nothing without a valid username', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const button = mount({ username: 'pixelpat', text: '   ', color: 'red; background: url(x)', position: 'top' });
    expect(button).toHaveTextContent('Support me on Be a Bro');
    expect(button.style.background).toMatch(/rgb\(79, 70, 229\)|#4f46e5/i);
    expect(button.style.position).toBe('');
    expect(warn).toHaveBeenCalledTimes(3);

    expect(mountEmbed(addScript({ username: '../admin' }))).toBeNull();
    expect(mountEmbed(addScript({}))).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
    expect(document.querySelectorAll('button')).toHaveLength(1);
  });

  it('opens the checkout in a labelled modal dialog with the embed page of this site, telling it the host origin', () => {
    const button = mount({ username: 'pixelpat' });
    button.click();
    const open = dialog();
    expect(open).not.toBeNull();
    expect(open).toHaveAttribute('aria-modal', 'true');
    expect(open).toHaveAttribute('aria-label', 'Support @pixelpat on Be a Bro');
    const src = new URL(iframe()?.getAttribute('src') ?? '');
    expect(src.origin).toBe(SITE);
    expect(src.pathname).toBe('/pixelpat/support');
    expect(src.searchParams.get('embed')).toBe('1');
    expect(src.searchParams.get('origin')).toBe(window.location.origin);
    expect(iframe()).toHaveAttribute('title', 'Checkout: support @pixelpat');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.activeElement).toHaveAccessibleName('Close');
    // On a 375 px phone the title shrinks with an ellipsis and Close stays on one line.
    const close = document.activeElement as HTMLElement;
    expect(close.style.whiteSpace).toBe('nowrap');
    expect(close.style.flexShrink).toBe('0');
    expect((close.previousElementSibling as HTMLElement).style.minWidth).toBe('0px');
  });

  it('closes on Escape and gives focus back to the button', () => {
    const button = mount({ username: 'pixelpat' });
    button.focus();
    button.click();
    expect(dialog()).not.toBeNull();
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes with its close button, and focus returns to the button', () => {
    const button = mount({ username: 'pixelpat' });
    button.click();
    dialog()?.querySelector<HTMLButtonElement>('button[aria-label="Close"]')?.click();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('keeps focus inside the dialog: tabbing past either end wraps around', () => {
    mount({ username: 'pixelpat' }).click();
    const guards = dialog()?.querySelectorAll<HTMLElement>('[tabindex="0"]') ?? [];
    expect(guards).toHaveLength(2);
    guards[1]?.focus();
    expect(document.activeElement).toHaveAccessibleName('Close');
    guards[0]?.focus();
    expect(document.activeElement).toBe(iframe());
  });

  it('dispatches beabro:support on the button when the checkout frame reports a support', () => {
    const button = mount({ username: 'pixelpat' });
    const seen: SupportEventDetail[] = [];
    document.addEventListener(SUPPORT_EVENT, (event) => seen.push((event as CustomEvent<SupportEventDetail>).detail), {
      once: true,
    });
    button.click();
    post({
      source: 'beabro',
      type: 'support',
      supportId: 'abc',
      creatorUsername: 'pixelpat',
      amountCents: 500,
      isRecurring: true,
    });
    expect(seen).toEqual([
      { username: 'pixelpat', supportId: 'abc', amountCents: 500, currency: 'USD', type: 'monthly' },
    ]);
    // The overlay stays open: the supporter reads the receipt, then closes it.
    expect(dialog()).not.toBeNull();
  });

  it('ignores messages from other origins, from other windows and of unknown shapes', () => {
    const button = mount({ username: 'pixelpat' });
    const listener = vi.fn();
    button.addEventListener(SUPPORT_EVENT, listener);
    button.click();
    const support = {
      source: 'beabro',
      type: 'support',
      supportId: 'abc',
      creatorUsername: 'pixelpat',
      amountCents: 500,
      isRecurring: false,
    };
    post(support, { origin: 'https://evil.example' });
    post(support, { source: window });
    post({ ...support, amountCents: '500' });
    post({ source: 'beabro', type: 'close' }, { origin: 'https://evil.example' });
    expect(listener).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
    post({ source: 'beabro', type: 'close' });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
