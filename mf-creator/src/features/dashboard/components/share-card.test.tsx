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
    expect(within(dialog).getByRole('img', { name: 'Preview of the button: Support me on Be a Bro' })).toHaveStyle({ position: 'absolute' });
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
    expect(snippet(dialog)).toHaveValue(`<script src="${origin}/embed.js" async data-username="pixelpat" data-text="Buy me a coffee" data-color="#facc15" data-position="inline"></script>`);
    const preview = within(dialog).getByRole('img', { name: 'Preview of the button: Buy me a coffee' });
    expect(preview).toHaveStyle({ background: '#facc15', color: '#111827' });
    expect(preview.style.position).toBe('');
  });

  it('says what is wrong next to the field and offers no code until it is fixed', async () => {
    const { user, dialog } = await openEmbedDialog();
    await user.clear(within(dialog).getByLabelText('Button text'));
    expect(within(dialog).getByLabelText('Button text')).toHaveAccessibleDescription(expect.stringContaining('Enter the text of the button.'));
    const color = within(dialog).getByLabelText('Button colour');
    await user.clear(color);
    await user.type(color, 'blue');
    expect(color).toHaveAccessibleDescription('Enter a colour as # and 6 hexadecimal digits, for example #4f46e5.');
    expect(snippet(dialog)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copy button code' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('note')).toHaveTextContent('Fix the fields above to see your button and get its code.');
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
    expect(writeText).toHaveBeenLastCalledWith(`<a href="${origin}/pixelpat/support" target="_blank" rel="noopener">Support me on Be a Bro</a>`);
    expect(await within(dialog).findByText('Your browser did not let us copy: select the code and copy it yourself.')).toBeInTheDocument();
  });

  it('closes with Done', async () => {
    const { user, dialog } = await openEmbedDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
