import { useState } from 'react';
import { useDisableTwoFactor } from '@beabro/shared/api/disable-two-factor';
import { useEnableTwoFactor } from '@beabro/shared/api/enable-two-factor';
import { useTwoFactorStatus } from '@beabro/shared/api/get-two-factor-status';
import { useRegenerateRecoveryCodes } from '@beabro/shared/api/regenerate-recovery-codes';
import { useStartTwoFactorSetup } from '@beabro/shared/api/start-two-factor-setup';
import type { TwoFactorSetup } from '@beabro/shared/api-schemas/two-factor';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { SaveStatus, IDLE, type SaveState } from '../../../components/save-status';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { FieldGroup } from './section-heading';
import { TwoFactorConfirmForm } from './two-factor-confirm-form';

type Step =
  | { kind: 'overview' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

const OVERVIEW: Step = { kind: 'overview' };

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Two-factor sign-in (TOTP): set up with a QR code (or the key by hand) and a first code, recovery codes
 * shown once, turned off or given new recovery codes with the password and a code.
 */
export function TwoFactorSettings() {
  const status = useTwoFactorStatus();
  const startSetup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [step, setStep] = useState<Step>(OVERVIEW);
  const [notice, setNotice] = useState<SaveState>(IDLE);

  const begin = async () => {
    setNotice(IDLE);
    try {
      setStep({ kind: 'setup', setup: await startSetup.mutateAsync() });
    } catch (failure) {
      setNotice({
        kind: 'failed',
        message: errorMessage(failure, 'Two-factor authentication could not be set up. Please try again.'),
      });
    }
  };

  const description =
    'A code from an authenticator app on your phone (such as Google Authenticator, 1Password or Authy), asked after your password when you sign in.';

  if (status.isPending) return <LoadingStatus label="Loading two-factor authentication..." />;
  if (status.isError)
    return <LoadError error={status.error} what="your two-factor settings" onRetry={() => void status.refetch()} />;
  const { enabled, enabledAt, recoveryCodesLeft } = status.data;

  return (
    <FieldGroup title="Two-Factor Authentication" description={description}>
      <div css={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
        <span>Status:</span>
        {enabled ? <Badge tone="success">On</Badge> : <Badge tone="warning">Off</Badge>}
        {enabled && enabledAt ? (
          <span css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
            since {formatDate(enabledAt)}
          </span>
        ) : null}
      </div>

      {step.kind === 'codes' ? (
        <RecoveryCodesPanel
          codes={step.codes}
          onDone={() => {
            setStep(OVERVIEW);
            setNotice({
              kind: 'saved',
              message: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
            });
          }}
        />
      ) : step.kind === 'setup' ? (
        <div css={(theme) => ({ display: 'grid', gap: theme.space(4) })}>
          <ol css={(theme) => ({ margin: 0, paddingLeft: theme.space(5), display: 'grid', gap: theme.space(2) })}>
            <li>Open your authenticator app and add an account by scanning this QR code.</li>
            <li>Enter your password and the 6-digit code the app shows, then turn it on.</li>
          </ol>
          <div css={(theme) => ({ display: 'flex', gap: theme.space(5), flexWrap: 'wrap', alignItems: 'center' })}>
            <img
              src={step.setup.qrCodeDataUrl}
              alt="QR code to scan with your authenticator app"
              width={176}
              height={176}
              css={(theme) => ({
                border: `1px solid ${theme.color.border}`,
                borderRadius: theme.radius.md,
                background: '#fff',
              })}
            />
            <div css={{ minWidth: 0, flex: '1 1 14rem' }}>
              <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
                Cannot scan it? Enter this key in the app instead (time-based):
              </p>
              <p
                css={(theme) => ({
                  margin: `${theme.space(1)} 0 0`,
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  fontSize: theme.font.size.md,
                  overflowWrap: 'anywhere',
                })}
              >
                <code data-testid="two-factor-secret" aria-label={`Setup key ${step.setup.secret}`}>
                  {grouped(step.setup.secret)}
                </code>
              </p>
            </div>
          </div>
          <TwoFactorConfirmForm
            label="Turn on two-factor authentication"
            submitLabel="Turn On"
            busyLabel="Turning on..."
            acceptsRecoveryCode={false}
            failureMessage="Two-factor authentication could not be turned on. Please try again."
            onSubmit={async (values) => {
              const codes = await enable.mutateAsync(values);
              setStep({ kind: 'codes', codes });
            }}
            onCancel={() => setStep(OVERVIEW)}
          />
        </div>
      ) : step.kind === 'disable' ? (
        <TwoFactorConfirmForm
          label="Turn off two-factor authentication"
          submitLabel="Turn Off"
          busyLabel="Turning off..."
          acceptsRecoveryCode
          variant="danger"
          failureMessage="Two-factor authentication could not be turned off. Please try again."
          onSubmit={async (values) => {
            await disable.mutateAsync(values);
            setStep(OVERVIEW);
            setNotice({ kind: 'saved', message: 'Two-factor authentication is off.' });
          }}
          onCancel={() => setStep(OVERVIEW)}
        />
      ) : step.kind === 'regenerate' ? (
        <TwoFactorConfirmForm
          label="Make new recovery codes"
          submitLabel="Make New Codes"
          busyLabel="Making codes..."
          acceptsRecoveryCode
          failureMessage="New recovery codes could not be made. Please try again."
          onSubmit={async (values) => {
            const codes = await regenerate.mutateAsync(values);
            setStep({ kind: 'codes', codes });
          }}
          onCancel={() => setStep(OVERVIEW)}
        />
      ) : enabled ? (
        <>
          <p css={{ margin: 0 }}>
            {recoveryCodesLeft === 1 ? '1 recovery code left.' : `${recoveryCodesLeft} recovery codes left.`}
            {recoveryCodesLeft <= 3 ? ' Make new ones before you run out.' : ''}
          </p>
          <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
            <Button variant="secondary" onClick={() => setStep({ kind: 'regenerate' })}>
              New Recovery Codes
            </Button>
            <Button variant="danger" onClick={() => setStep({ kind: 'disable' })}>
              Turn Off
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button onClick={() => void begin()} disabled={startSetup.isPending}>
            {startSetup.isPending ? 'Preparing...' : 'Set Up Two-Factor Authentication'}
          </Button>
        </div>
      )}
      {step.kind === 'overview' ? <SaveStatus state={notice} /> : null}
    </FieldGroup>
  );
}
