import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { heldReply, mockApi } from '@beabro/shared/testing/msw';
import { sampleProfile } from '../../../testing/sample-data';
import { ImageField } from './image-field';

afterEach(() => vi.unstubAllGlobals());

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

describe('ImageField', () => {
  it('uploads the chosen profile image at once and confirms it', async () => {
    const api = mockApi({
      'POST /api/creator-profile/images/profile': {
        body: { profile: sampleProfile({ profileImageUrl: '/uploads/new.webp' }) },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ImageField kind="profile" currentUrl={null} initials="PP" />);
    expect(screen.getByText('No profile image yet')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload profile image'), png());
    expect(await screen.findByText('Profile image updated.')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/api/creator-profile/images/profile');
    expect(call?.body).toBeInstanceOf(Blob);
  });

  it('shows the chosen file at once while it uploads, its alt text kept off the placeholder', async () => {
    const upload = heldReply({ body: { profile: sampleProfile({ profileImageUrl: '/uploads/new.webp' }) } });
    mockApi({ 'POST /api/creator-profile/images/profile': upload.handler });
    // jsdom has no object URLs: a stand-in for this test only.
    const createObjectURL = vi.fn(() => 'blob:http://localhost/preview-1');
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderWithProviders(<ImageField kind="profile" currentUrl={null} initials="PP" />);
    await user.upload(screen.getByLabelText('Upload profile image'), png());
    const preview = await screen.findByRole('img', { name: 'New profile image (uploading)' });
    // A blob: URL, which the pages' Content-Security-Policy allows (img-src ... blob:).
    expect(preview).toHaveAttribute('src', 'blob:http://localhost/preview-1');
    expect(preview).toHaveStyle({ fontSize: '0px', color: 'rgba(0, 0, 0, 0)' });
    upload.release();
    expect(await screen.findByText('Profile image updated.')).toBeInTheDocument();
  });

  it('refuses a file that is not an image, or too large, before uploading', async () => {
    const api = mockApi({});
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ImageField kind="cover" currentUrl={null} initials="" />);
    await user.upload(
      screen.getByLabelText('Upload cover image'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload cover image'), png(5 * 1024 * 1024 + 1));
    expect(await screen.findByText('Images must be at most 5 MB.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s reason when it refuses the file', async () => {
    mockApi({
      'POST /api/creator-profile/images/cover': {
        status: 400,
        body: {
          message: 'Choose a PNG, JPEG or WebP image.',
          fieldErrors: { file: 'Choose a PNG, JPEG or WebP image.' },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ImageField kind="cover" currentUrl={null} initials="" />);
    await user.upload(screen.getByLabelText('Upload cover image'), png());
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    expect(screen.getByText('Cover image was not changed.')).toBeInTheDocument();
  });

  it('removes the current image', async () => {
    const api = mockApi({ 'DELETE /api/creator-profile/images/profile': { body: { profile: sampleProfile() } } });
    const user = userEvent.setup();
    renderWithProviders(<ImageField kind="profile" currentUrl="/uploads/me.webp" initials="PP" />);
    expect(screen.getByRole('img', { name: 'Your current profile image' })).toHaveAttribute('src', '/uploads/me.webp');
    await user.click(screen.getByRole('button', { name: 'Remove profile image' }));
    expect(await screen.findByText('Profile image removed.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/creator-profile/images/profile')).toHaveLength(1);
  });
});
