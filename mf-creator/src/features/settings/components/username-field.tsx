import { useUsernameAvailability } from '@beabro/shared/api/check-username';
import { useDebouncedValue } from '@beabro/shared/api/use-debounced-value';
import { usernameChangeTooSoonMessage } from '@beabro/shared/api-schemas/creator-profile';
import { USERNAME_CHANGE_INTERVAL_DAYS, USERNAME_CHECK_MIN_LENGTH } from '@beabro/shared/data/defaults';
import { normalizeUsername } from '@beabro/shared/schemas/onboarding';
import { PrefixedField } from '@beabro/shared/ui/prefixed-field';
import { publicProfileUrl } from '../../../lib/public-profile-url';
import { CheckIcon } from '@beabro/shared/ui/icons/check';

export interface UsernameFieldProps {
  value: string;
  savedUsername: string;
  /** ISO date-time from the API; null when the username may be changed now. */
  changeAvailableAt: string | null;
  error?: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * Username with the address it gives, the 30-day rule spelt out, and a live availability check once
 * it differs from the saved one. While the rule locks it, the field is read-only and says until when.
 */
export function UsernameField({
  value,
  savedUsername,
  changeAvailableAt,
  error,
  onChange,
  onBlur,
}: UsernameFieldProps) {
  const locked = changeAvailableAt !== null;
  const changed = value !== savedUsername;
  const debounced = useDebouncedValue(value, 400);
  const availability = useUsernameAvailability(changed && !locked && !error ? debounced : '');
  const checking =
    changed && debounced.length >= USERNAME_CHECK_MIN_LENGTH && (debounced !== value || availability.isFetching);
  const verdict = changed && !checking && availability.data?.username === value ? availability.data : undefined;

  const rule = locked
    ? `You changed your username recently. ${usernameChangeTooSoonMessage(new Date(changeAvailableAt))}`
    : `You can change your username once every ${USERNAME_CHANGE_INTERVAL_DAYS} days. Links to your old address keep working: they lead to the new one, and nobody else can take your old username.`;

  return (
    <div css={{ display: 'grid', gap: '0.375rem' }}>
      <PrefixedField
        label="Username"
        prefix={`${window.location.host}/`}
        value={value}
        readOnly={locked}
        aria-readonly={locked || undefined}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={30}
        error={error}
        hint={
          <>
            Your page: <strong>{publicProfileUrl(value || savedUsername)}</strong>
            <br />
            {rule}
          </>
        }
        onChange={(event) => onChange(normalizeUsername(event.currentTarget.value))}
        onBlur={onBlur}
      />
      <p
        role="status"
        css={(theme) => ({
          margin: 0,
          minHeight: '1.25rem',
          fontSize: theme.font.size.sm,
          color: verdict?.available ? theme.color.success : theme.color.danger,
        })}
      >
        {error ? (
          ''
        ) : checking ? (
          <span css={(theme) => ({ color: theme.color.textMuted })}>Checking availability...</span>
        ) : verdict ? (
          <>
            {verdict.available ? <CheckIcon /> : null} {verdict.message}
          </>
        ) : (
          ''
        )}
      </p>
    </div>
  );
}
