import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TWO_FACTOR_MESSAGES, type TwoFactorStatus } from '@beabro/shared/api-schemas/two-factor';
import { mockApi, type MockReply } from '@beabro/shared/testing/msw';
import { renderArea } from '../../../testing/render-area';
import { TwoFactorSettings } from './two-factor-settings';

afterEach(() => vi.unstubAllGlobals());

const OFF: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON: TwoFactorStatus = { enabled: true, enabledAt: '2026-11-20T10:00:00.000Z', recoveryCodesLeft: 10 };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP = {
  secret: SECRET,
  otpauthUrl: `otpauth://totp/Be%20a%20Bro:pat%40example.com?secret=${SECRET}`,
  qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-${String(i).padStart(4, '0')}`);

const renderSettings = () => renderArea(<TwoFactorSettings />, { path: '/settings', route: '/settings?tab=account' });

/** A status that changes as the API would answer it after each action. */
function statusRoute(initial: TwoFactorStatus) {
  let current = initial;
  return {
    get: (): MockReply => ({ body: current }),
    set: (next: TwoFactorStatus) => {
      current = next;
    },
  };
}

describe('TwoFactorSettings', () => {
  it('sets up with the QR code and the key, refuses a wrong code next to the field, then shows the recovery codes once', async () => {
    const status = statusRoute(OFF);
    let attempts = 0;
    const api = mockApi({
      'GET /api/account/two-factor': () => status.get(),
      'POST /api/account/two-factor/setup': { body: SETUP },
      'POST /api/account/two-factor/enable': () => {
        if (++attempts === 1)
          return {
            status: 400,
            body: { message: TWO_FACTOR_MESSAGES.codeInvalid, fieldErrors: { code: TWO_FACTOR_MESSAGES.codeInvalid } },
          };
        status.set(ON);
        return { body: { recoveryCodes: CODES } };
      },
    });
    const user = userEvent.setup();
    renderSettings();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set Up Two-Factor Authentication' }));

    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      SETUP.qrCodeDataUrl,
    );
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const form = screen.getByRole('form', { name: 'Turn on two-factor authentication' });
    await waitFor(() => expect(within(form).getByLabelText('Password to Confirm')).toHaveFocus());

    // The shared rules first: nothing is sent with an empty or malformed code.
    await user.click(within(form).getByRole('button', { name: 'Turn On' }));
    expect(await within(form).findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(within(form).getByText('Current password is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Password to Confirm'), 'my password');
    await user.type(within(form).getByLabelText('Authentication code'), '12 34');
    await user.click(within(form).getByRole('button', { name: 'Turn On' }));
    expect(await within(form).findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/account/two-factor/enable')).toHaveLength(0);

    // The server's verdict on the code lands next to the field.
    await user.clear(within(form).getByLabelText('Authentication code'));
    await user.type(within(form).getByLabelText('Authentication code'), '111111');
    await user.click(within(form).getByRole('button', { name: 'Turn On' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Authentication code')).toHaveAccessibleDescription(
        expect.stringContaining(TWO_FACTOR_MESSAGES.codeInvalid),
      ),
    );

    await user.clear(within(form).getByLabelText('Authentication code'));
    await user.type(within(form).getByLabelText('Authentication code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn On' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(api.callsTo('POST', '/api/account/two-factor/enable')[1]?.body).toEqual({
      password: 'my password',
      code: '123456',
    });

    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toContain(CODES.join('\n'));
    expect(await screen.findByText('Codes copied to the clipboard.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left.')).toBeInTheDocument();
    expect(
      screen.getByText('Two-factor authentication is on. Keep your recovery codes somewhere safe.'),
    ).toBeInTheDocument();
  });

  it('downloads the codes as a text file', async () => {
    mockApi({
      'GET /api/account/two-factor': { body: ON },
      'POST /api/account/two-factor/recovery-codes': { body: { recoveryCodes: CODES } },
    });
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:codes';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'New Recovery Codes' }));
    const form = screen.getByRole('form', { name: 'Make new recovery codes' });
    await user.type(within(form).getByLabelText('Password to Confirm'), 'my password');
    await user.type(within(form).getByLabelText('Authentication or recovery code'), 'abcd-efgh-jkmn-0001');
    await user.click(within(form).getByRole('button', { name: 'Make New Codes' }));
    await user.click(await screen.findByRole('button', { name: 'Download codes' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(await created[0]?.text()).toContain(CODES[9]);
    clicked.mockRestore();
  });

  it('turns off with the password and a code; a wrong password shows next to its field; Cancel goes back', async () => {
    const status = statusRoute(ON);
    let attempts = 0;
    const api = mockApi({
      'GET /api/account/two-factor': () => status.get(),
      'POST /api/account/two-factor/disable': () => {
        if (++attempts === 1)
          return {
            status: 400,
            body: {
              message: 'Current password is incorrect',
              fieldErrors: { password: 'Current password is incorrect' },
            },
          };
        status.set(OFF);
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Turn Off' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Turn off two-factor authentication' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    const form = screen.getByRole('form', { name: 'Turn off two-factor authentication' });
    await user.type(within(form).getByLabelText('Password to Confirm'), 'wrong one');
    await user.type(within(form).getByLabelText('Authentication or recovery code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn Off' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Password to Confirm')).toHaveAccessibleDescription(
        expect.stringContaining('Current password is incorrect'),
      ),
    );

    await user.clear(within(form).getByLabelText('Password to Confirm'));
    await user.type(within(form).getByLabelText('Password to Confirm'), 'my password');
    await user.click(within(form).getByRole('button', { name: 'Turn Off' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/account/two-factor/disable')[1]?.body).toEqual({
      password: 'my password',
      code: '123456',
    });
    expect(screen.getByRole('button', { name: 'Set Up Two-Factor Authentication' })).toBeInTheDocument();
  });

  it('a set-up the server refuses says why', async () => {
    mockApi({
      'GET /api/account/two-factor': { body: OFF },
      'POST /api/account/two-factor/setup': { status: 409, body: { message: TWO_FACTOR_MESSAGES.alreadyEnabled } },
    });
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Set Up Two-Factor Authentication' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.alreadyEnabled);
  });
});
