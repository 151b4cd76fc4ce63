import { useId, type ReactNode } from 'react';
import { useUsernameAvailability } from '@beabro/shared/api/check-username';
import { useDebouncedValue } from '@beabro/shared/api/use-debounced-value';
import { USERNAME_CHECK_MIN_LENGTH } from '@beabro/shared/data/defaults';
import { ONBOARDING_MESSAGES, normalizeUsername } from '@beabro/shared/schemas/onboarding';
import { inputStyle } from '@beabro/shared/ui/text-field';
import { describedBy, FieldMessages } from '@beabro/shared/ui/field-messages';

/** Long enough to let a typist finish a word, short enough to feel live. */
export const AVAILABILITY_DEBOUNCE_MS = 400;

export interface UsernameFieldProps {
  value: string;
  /** Called with the value already lowercased and stripped to a-z, 0-9 and "_". */
  onChange: (username: string) => void;
  onBlur: () => void;
  /** A validation message from Continue or from the server; it takes the place of the live verdict. */
  error?: string | undefined;
}

function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" css={{ flexShrink: 0 }}>
      <path fill="currentColor" d="M7.7 14.3 3.4 10l1.4-1.4 2.9 2.9 7.5-7.5 1.4 1.4z" />
    </svg>
  );
}

/**
 * Username with live availability (docs/product-rules.md#username-rules): the input is forced to lowercase with other
 * characters stripped as typed; from 3 characters, once typing pauses, the server says whether it is free:
 * a check mark and "Username is available!", or a red border and "Username is not available".
 */
export function UsernameField({ value, onChange, onBlur, error }: UsernameFieldProps) {
  const id = useId();
  const debounced = useDebouncedValue(value, AVAILABILITY_DEBOUNCE_MS);
  const settled = debounced === value;
  // While the user is still typing nothing is asked; an empty name disables the query.
  const availability = useUsernameAvailability(settled ? debounced : '');
  const checkable = value.length >= USERNAME_CHECK_MIN_LENGTH;
  const verdict = settled && checkable && !error ? availability.data : undefined;
  const unavailable = verdict !== undefined && !verdict.available;
  const invalid = Boolean(error) || unavailable;

  let live: ReactNode = null;
  if (verdict?.available) {
    live = (
      <span
        css={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          gap: theme.space(1),
          color: theme.color.success,
        })}
      >
        <CheckIcon />
        {ONBOARDING_MESSAGES.usernameAvailable}
      </span>
    );
  } else if (verdict) {
    live = <span css={(theme) => ({ color: theme.color.danger })}>{verdict.message}</span>;
  } else if (!error && checkable && (!settled || availability.isFetching)) {
    live = <span css={(theme) => ({ color: theme.color.textMuted })}>Checking availability…</span>;
  } else if (!error && checkable && availability.isError) {
    live = (
      <span css={(theme) => ({ color: theme.color.textMuted })}>
        We could not check this name right now; it is checked again when you continue.
      </span>
    );
  }

  const origin = typeof window === 'undefined' ? '' : window.location.host;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.375rem' }}>
      <label htmlFor={id} css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}>
        Username
      </label>
      <input
        id={id}
        name="username"
        required
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(normalizeUsername(event.target.value))}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(`${id}-hint`, `${id}-status`, error && `${id}-error`)}
        css={(theme) => inputStyle(theme, invalid)}
      />
      <FieldMessages
        id={id}
        hint={
          <>
            Your page: <span css={{ overflowWrap: 'anywhere' }}>{`${origin}/${value || 'yourname'}`}</span>. Lowercase
            letters, numbers and underscores.
          </>
        }
      />
      {/* Always in the page, so screen readers announce each verdict as it arrives; its line is kept so the form does not jump. */}
      <p
        id={`${id}-status`}
        role="status"
        css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, minHeight: error ? 0 : '1.25rem' })}
      >
        {live}
      </p>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
