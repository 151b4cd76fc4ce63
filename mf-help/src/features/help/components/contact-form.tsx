import { useRef, useState, type FormEvent } from 'react';
import { useTheme } from '@emotion/react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@beabro/shared/api/api-client';
import type { ContactRequestInput } from '@beabro/shared/api-schemas/help-contact';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SENT_MESSAGE, CONTACT_TOPICS } from '@beabro/shared/data/help-contact';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { Button } from '@beabro/shared/ui/button';
import { SelectField } from '@beabro/shared/ui/select-field';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import type * as ContactRequestModule from '../api/contact-request';
import type { ContactField, ContactFieldErrors } from '../api/contact-request';

type ContactRequestCalls = typeof ContactRequestModule;

const TOPIC_OPTIONS = CONTACT_TOPICS.map((topic) => ({ value: topic.id, label: topic.label }));
const FIX_FIELDS = 'Please correct the highlighted fields.';
const SEND_FAILED = 'Your message could not be sent. Please try again.';
const OFFLINE = 'Could not reach Be a Bro. Check your connection and try again.';

let loadedCalls: ContactRequestCalls | undefined;

/**
 * The form's checks and its call need zod: they are fetched when someone first uses the form (focus,
 * typing or Send), not with the page, which keeps zod out of the /help page's load.
 */
function loadContactRequestCalls(): Promise<ContactRequestCalls> {
  return import('../api/contact-request').then((calls) => (loadedCalls = calls));
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      const minutes = error.retryAfterSeconds ? Math.ceil(error.retryAfterSeconds / 60) : null;
      return minutes
        ? `You have sent several messages already. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
        : 'You have sent several messages already. Please try again later.';
    }
    if (error.status === 400) return FIX_FIELDS;
    return error.status >= 500 ? SEND_FAILED : error.message;
  }
  return error instanceof TypeError ? OFFLINE : SEND_FAILED;
}

/**
 * The help centre's contact form: stored and emailed to support by POST /api/help/contact, which also
 * confirms to the sender. A signed-in person finds their name and email filled in.
 */
export function ContactForm() {
  const user = useSessionStore((state) => state.user);
  const theme = useTheme();
  // Sending takes the page's code (the message is posted to the API): until it runs, Send stays disabled, so a
  // browser without JavaScript never submits the form as a pointless GET of the page.
  const hydrated = useHydrated();
  // Untouched, the fields follow the session (it is known only after hydration); the first edit takes over.
  const [edited, setEdited] = useState<ContactRequestInput | null>(null);
  const values: ContactRequestInput = edited ?? {
    name: user?.displayName ?? '',
    email: user?.email ?? '',
    topic: '' as ContactRequestInput['topic'],
    message: '',
  };
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const send = useMutation({
    mutationFn: async (input: ContactRequestInput) => (await loadContactRequestCalls()).sendContactForm(input),
  });

  const set = (field: ContactField, value: string) => {
    const next = { ...values, [field]: value } as ContactRequestInput;
    setEdited(next);
    // Once a field shows an error, it clears as soon as the input is right (errors come after Send,
    // which loaded the checks).
    if (loadedCalls && Object.values(errors).some(Boolean)) {
      const found = loadedCalls.contactFieldErrors(next);
      setErrors(
        (current) =>
          Object.fromEntries(
            Object.keys(current).map((key) => [key, found[key as ContactField]]),
          ) as ContactFieldErrors,
      );
    }
  };

  const focusFirstInvalid = () =>
    setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);

  // Checking waits for the checks to load: a second Send meanwhile must not send twice, nor one
  // between a successful send and the confirmation replacing the form.
  const submitting = useRef(false);
  /** True when the message was sent. */
  const submit = async (): Promise<boolean> => {
    let calls: ContactRequestCalls;
    try {
      calls = await loadContactRequestCalls();
    } catch {
      // The checks' file did not arrive (offline, or a deploy replaced it): nothing was sent.
      setFailure(OFFLINE);
      return false;
    }
    const found = calls.contactFieldErrors(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFailure(FIX_FIELDS);
      focusFirstInvalid();
      return false;
    }
    setFailure(null);
    try {
      await send.mutateAsync(values);
      setSentTo(values.email.trim());
      setEdited(null);
      setErrors({});
      return true;
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors as ContactFieldErrors);
      setFailure(failureMessage(error));
      focusFirstInvalid();
      return false;
    }
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || send.isPending) return;
    submitting.current = true;
    let sent = false;
    try {
      sent = await submit();
    } finally {
      // After a send the confirmation replaces the form; "Send another message" allows the next one.
      if (!sent) submitting.current = false;
    }
  };

  if (sentTo) {
    return (
      <div
        role="status"
        css={(theme) => ({ display: 'grid', gap: theme.space(3), justifyItems: 'center', padding: theme.space(4) })}
      >
        <p css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold, fontSize: theme.font.size.lg })}>
          {CONTACT_SENT_MESSAGE}
        </p>
        <p css={(theme) => ({ margin: 0, color: theme.color.textMuted, overflowWrap: 'anywhere' })}>
          A confirmation is on its way to <strong>{sentTo}</strong>.
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            submitting.current = false;
            setSentTo(null);
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form
      ref={form}
      noValidate
      aria-label="Contact support"
      // Fetched ahead of Send; a failure here is retried, and reported, by Send.
      onFocus={() => void loadContactRequestCalls().catch(() => undefined)}
      onSubmit={(event) => void onSubmit(event)}
      css={(theme) => ({
        display: 'grid',
        gap: theme.space(4),
        textAlign: 'left',
        maxWidth: '40rem',
        margin: '0 auto',
        width: '100%',
        background: theme.color.surface,
        border: `1px solid ${theme.color.border}`,
        borderRadius: theme.radius.lg,
        padding: theme.space(5),
        boxSizing: 'border-box',
      })}
    >
      <div
        css={(theme) => ({
          display: 'grid',
          gap: theme.space(4),
          gridTemplateColumns: 'minmax(0, 1fr)',
          [theme.breakpoint.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
        })}
      >
        <TextField
          label="Your name"
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          hint="We reply to this address."
          onChange={(e) => set('email', e.currentTarget.value)}
        />
      </div>
      <SelectField
        label="Topic"
        placeholder="Select a topic"
        options={TOPIC_OPTIONS}
        value={values.topic}
        error={errors.topic}
        onChange={(e) => set('topic', e.currentTarget.value)}
      />
      <TextAreaField
        label="Message"
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        aside={`${values.message.length}/${CONTACT_MESSAGE_MAX_LENGTH}`}
        value={values.message}
        error={errors.message}
        onChange={(e) => set('message', e.currentTarget.value)}
      />
      {failure ? (
        <p
          role="alert"
          css={(theme) => ({ margin: 0, color: theme.color.danger, fontWeight: theme.font.weight.medium })}
        >
          {failure}
        </p>
      ) : null}
      {/* Inline styles: emotion's styles inside <noscript> never reach the page. */}
      <noscript>
        <p style={{ margin: 0, color: theme.color.textMuted }}>
          Sending this form needs JavaScript, which is turned off in this browser: write to us at the address below
          instead.
        </p>
      </noscript>
      <Button type="submit" size="lg" disabled={!hydrated || send.isPending} css={{ justifySelf: 'start' }}>
        {send.isPending ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
