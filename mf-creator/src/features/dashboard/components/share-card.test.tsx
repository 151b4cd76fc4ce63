import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { ShareCard } from './share-card';

const origin = window.location.origin;

async function openEmbedDialog() {
  const user = userEvent.setup();
  renderWithProviders(<ShareCard username="pixelpat" displayName="Pixel Pat" />);
  await user.click(screen.getByRole('button', { name: 'Add to your website' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a support button to your website' });
  return { user, dialog };
}

const snippet = (dialog: HTMLElement) => within(dialog).queryByRole('textbox', { name: 'Button snippet' });

afterEach(() => vi.restoreAllMocks());

describe('Add to your website', () => {
  it('offers the script snippet with the default options and a plain link, with a live preview', async () => {
    const { dialog } = await openEmbedDialog();
    expect(snippet(dialog)).toHaveValue(
      `<script src="${origin}/embed.js" async data-username="pixelpat" data-text="Support me on Be a Bro" data-color="#4f46e5" data-position="bottom-right"></script>`,
    );
    expect(within(dialog).getByRole('textbox', { name: 'Plain link' })).toHaveValue(
      `<a href="${origin}/pixelpat/support" target="_blank" rel="noopener">Support me on Be a Bro</a>`,
    );
    expect(within(dialog).getByRole('img', { name: 'Preview of the button: Support me on Be a Bro' })).toHaveStyle({
      position: 'absolute',
    });
    expect(dialog).toHaveTextContent(`Add ${origin} to its script-src and frame-src.`);
    expect(within(dialog).getByRole('link', { name: 'How the button works' })).toHaveAttribute('href', '/help?q=embed');
  });

  it('updates the snippets and the preview as the creator styles the button', async () => {
    const { user, dialog } = await openEmbedDialog();
    const text = within(dialog).getByLabelText('Button text');
    await user.clear(text);
    await user.type(text, 'Buy me a coffee');
    const color = within(dialog).getByLabelText('Button colour');
    await user.clear(color);
    await user.type(color, '#FACC15');
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'inline');
    expect(snippet(dialog)).toHaveValue(
      `<script src="${origin}/embed.js" async data-username="pixelpat" data-text="Buy me a coffee" data-color="#facc15" data-position="inline"></script>`,
    );
    const preview = within(dialog).getByRole('img', { name: 'Preview of the button: Buy me a coffee' });
    expect(preview).toHaveStyle({ background: '#facc15', color: '#111827' });
    expect(preview.style.position).toBe('');
  });

  it('says what is wrong next to the field and offers no code until it is fixed', async () => {
    const { user, dialog } = await openEmbedDialog();
    await user.clear(within(dialog).getByLabelText('Button text'));
    expect(within(dialog).getByLabelText('Button text')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the text of the button.'),
    );
    const color = within(dialog).getByLabelText('Button colour');
    await user.clear(color);
    await user.type(color, 'blue');
    expect(color).toHaveAccessibleDescription('Enter a colour as # and 6 hexadecimal digits, for example #4f46e5.');
    expect(snippet(dialog)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copy button code' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Fix the fields above to see your button and get its code.',
    );
    await user.type(within(dialog).getByLabelText('Button text'), 'Tip jar');
    await user.clear(color);
    await user.type(color, '#123');
    expect((snippet(dialog) as HTMLTextAreaElement).value).toContain('data-text="Tip jar" data-color="#112233"');
  });

  it('copies each snippet and says so, or asks to copy by hand when the browser refuses', async () => {
    const { user, dialog } = await openEmbedDialog();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(dialog).getByRole('button', { name: 'Copy button code' }));
    expect(writeText).toHaveBeenLastCalledWith(expect.stringContaining(`<script src="${origin}/embed.js"`));
    expect(await within(dialog).findByText('Copied to your clipboard.')).toBeInTheDocument();
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy link code' }));
    expect(writeText).toHaveBeenLastCalledWith(
      `<a href="${origin}/pixelpat/support" target="_blank" rel="noopener">Support me on Be a Bro</a>`,
    );
    expect(
      await within(dialog).findByText('Your browser did not let us copy: select the code and copy it yourself.'),
    ).toBeInTheDocument();
  });

  it('closes with Done', async () => {
    const { user, dialog } = await openEmbedDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Share Profile', () => {
  const url = `${origin}/pixelpat`;
  const text = 'Support Pixel Pat on Be a Bro';

  async function openMenu() {
    const user = userEvent.setup();
    renderWithProviders(<ShareCard username="pixelpat" displayName="Pixel Pat" />);
    const trigger = screen.getByRole('button', { name: 'Share Profile' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const menu = await screen.findByRole('menu', { name: 'Share your page' });
    return { user, trigger, menu };
  }

  it('opens a menu on desktop with the right, encoded share addresses in new tabs', async () => {
    const { trigger, menu } = await openMenu();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Copy link', 'X', 'Facebook', 'WhatsApp', 'Email', 'QR code']);
    const href = (name: string) => within(menu).getByRole('menuitem', { name }).getAttribute('href');
    expect(href('X')).toBe(
      `https://x.com/intent/post?text=Support%20Pixel%20Pat%20on%20Be%20a%20Bro&url=${encodeURIComponent(url)}`,
    );
    expect(href('Facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`);
    expect(href('WhatsApp')).toBe(`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`);
    expect(href('Email')).toBe(
      `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text}: ${url}`)}`,
    );
    expect(new URL(href('X') ?? '').searchParams.get('url')).toBe(url);
    for (const name of ['X', 'Facebook', 'WhatsApp']) {
      expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('target', '_blank');
      expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('moves with the arrow keys and closes with Escape, giving focus back to the button', async () => {
    const { user, trigger, menu } = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Copy link' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'X' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'QR code' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('copies the link from the menu and says so', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const { user, trigger, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Link copied to your clipboard.')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('uses the share sheet on phones and keeps the menu closed', async () => {
    Object.defineProperty(window, 'matchMedia', {
      value: (query: string) => ({ matches: query === '(pointer: coarse)' }),
      configurable: true,
    });
    const shareSheet = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: shareSheet, configurable: true });
    try {
      const user = userEvent.setup();
      renderWithProviders(<ShareCard username="pixelpat" displayName="Pixel Pat" />);
      await user.click(screen.getByRole('button', { name: 'Share Profile' }));
      expect(shareSheet).toHaveBeenCalledWith({ title: text, url });
      expect(await screen.findByText('Thanks for sharing your page!')).toBeInTheDocument();
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('shows a QR code of the page and offers it as PNG and SVG files', async () => {
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code of your page' });
    const image = await within(dialog).findByRole('img', { name: `QR code of ${url}` });
    const svgLink = within(dialog).getByRole('link', { name: 'Download SVG (for print)' });
    expect(svgLink).toHaveAttribute('download', 'beabro-pixelpat-qr.svg');
    const svgHref = svgLink.getAttribute('href') ?? '';
    expect(image).toHaveAttribute('src', svgHref);
    const prefix = 'data:image/svg+xml;charset=utf-8,';
    expect(svgHref.startsWith(prefix)).toBe(true);
    const svg = new DOMParser().parseFromString(decodeURIComponent(svgHref.slice(prefix.length)), 'image/svg+xml');
    expect(svg.documentElement.nodeName).toBe('svg');
    expect(svg.querySelectorAll('path').length).toBeGreaterThan(0);
    const pngLink = within(dialog).getByRole('link', { name: 'Download PNG' });
    expect(pngLink).toHaveAttribute('download', 'beabro-pixelpat-qr.png');
    const png = atob((pngLink.getAttribute('href') ?? '').replace(/^data:image\/png;base64,/, ''));
    expect(png.slice(1, 4)).toBe('PNG');
    expect(png.length).toBeGreaterThan(1000);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Profile' })).toHaveFocus();
  });
});
