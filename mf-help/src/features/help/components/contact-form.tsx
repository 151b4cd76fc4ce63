import { useRef, useState, type FormEvent } from 'react';
import { useTheme } from '@emotion/react';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@beabro/shared/api/api-client';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import type { ContactRequestInput } from '@beabro/shared/api-schemas/help-contact';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SENT_MESSAGE, CONTACT_TOPICS } from '@beabro/shared/data/help-contact';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { Button } from '@beabro/shared/ui/button';
import { SelectField } from '@beabro/shared/ui/select-field';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import type * as ContactRequestModule from '../api/contact-request';

type ContactRequestCalls = typeof ContactRequestModule;

const TOPIC_OPTIONS = CONTACT_TOPICS.map((topic) => ({ value: topic.id, label: topic.label }));
const FIX_FIELDS = 'Please correct the highlighted fields.';
const SEND_FAILED = 'Your message could not be sent. Please try again.';
const OFFLINE = 'Could not reach Be a Bro. Check your connection and try again.';

/**
 * The form's checks and its call need zod: they are fetched when someone first uses the form (focus,
 * typing or Send), not with the page, which keeps zod out of the /help page's load.
 */
function loadContactRequestCalls(): Promise<ContactRequestCalls> {
  return import('../api/contact-request');
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
  // Untouched, the fields follow the session (it is known only after hydration); what was edited stays.
  const sessionValues: ContactRequestInput = {
    name: user?.displayName ?? '',
    email: user?.email ?? '',
    topic: '' as ContactRequestInput['topic'],
    message: '',
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    getFieldState,
    control,
    formState: { errors },
  } = useForm<ContactRequestInput>({
    defaultValues: sessionValues,
    values: sessionValues,
    resetOptions: { keepDirtyValues: true },
    // The checks need zod: they load with the form's first use, and Send waits for them.
    resolver: async (values, context, options) =>
      (await loadContactRequestCalls()).contactResolver(values, context, options),
    // Messages come with Send; a field showing one is re-checked as it is typed (below), so it goes once right.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const message = useWatch({ control, name: 'message' });
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async (input: ContactRequestInput) => (await loadContactRequestCalls()).sendContactForm(input),
  });

  /** register(), with a field that shows a message re-checked as it is typed. */
  const field = (name: keyof ContactRequestInput) => ({
    ...register(name, {
      onChange: () => {
        if (getFieldState(name).error) void trigger(name);
      },
    }),
    error: errors[name]?.message,
  });

  // Checking waits for the checks to load: a second Send meanwhile must not send twice, nor one
  // between a successful send and the confirmation replacing the form.
  const submitting = useRef(false);
  /** True when the message was sent. */
  const submit = async (event: FormEvent): Promise<boolean> => {
    try {
      await loadContactRequestCalls();
    } catch {
      // The checks' file did not arrive (offline, or a deploy replaced it): nothing was sent.
      setFailure(OFFLINE);
      return false;
    }
    let sent = false;
    await handleSubmit(
      async (values) => {
        setFailure(null);
        try {
          await send.mutateAsync(values);
          setSentTo(values.email.trim());
          sent = true;
        } catch (error) {
          if (error instanceof ApiError) setApiFieldErrors(setError, error.fieldErrors);
          setFailure(failureMessage(error));
        }
      },
      // react-hook-form focuses the first field with a message.
      () => setFailure(FIX_FIELDS),
    )(event);
    return sent;
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || send.isPending) return;
    submitting.current = true;
    let sent = false;
    try {
      sent = await submit(event);
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
            // A fresh form, following the session again.
            reset(sessionValues, { keepDirtyValues: false });
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
        <TextField label="Your name" autoComplete="name" {...field('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          hint="We reply to this address."
          {...field('email')}
        />
      </div>
      <SelectField label="Topic" placeholder="Select a topic" options={TOPIC_OPTIONS} {...field('topic')} />
      <TextAreaField
        label="Message"
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        aside={`${message.length}/${CONTACT_MESSAGE_MAX_LENGTH}`}
        {...field('message')}
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
