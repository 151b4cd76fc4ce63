import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { ApiError, apiRequest } from '@beabro/shared/api/api-client';
import {
  REPORT_MESSAGE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_RECEIVED_MESSAGE,
  reportRequestSchema,
} from '@beabro/shared/api-schemas/operator';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { Button } from '@beabro/shared/ui/button';
import { FieldMessages } from '@beabro/shared/ui/field-messages';
import { Modal } from '@beabro/shared/ui/modal';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import { loadErrorMessage } from '../../../lib/load-error-message';

interface ReportForm {
  reason: string;
  message: string;
  email: string;
}

const FIELDS = ['reason', 'message', 'email'] as const;

function toRequest(values: ReportForm, username: string, postId: string | undefined): unknown {
  return {
    username,
    ...(postId ? { postId } : {}),
    reason: values.reason || undefined,
    ...(values.message.trim() ? { message: values.message } : {}),
    ...(values.email.trim() ? { email: values.email.trim() } : {}),
  };
}

/** The contract's rules (reportRequestSchema), with the empty optional fields left out. */
function reportResolver(username: string, postId: string | undefined): Resolver<ReportForm> {
  return (values) => {
    const result = reportRequestSchema.safeParse(toRequest(values, username, postId));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<ReportForm> = {};
    for (const issue of result.error.issues) {
      const field = FIELDS.find((name) => name === issue.path[0]);
      if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}

export interface ReportDialogProps {
  username: string;
  postId?: string | undefined;
  onClose: () => void;
}

/** Report a creator page or a post: a reason, an optional message and an optional email for the outcome. */
export default function ReportDialog({ username, postId, onClose }: ReportDialogProps) {
  const formId = useId();
  const reasonId = useId();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReportForm>({
    defaultValues: { reason: '', message: '', email: '' },
    resolver: reportResolver(username, postId),
  });
  const messageLength = useWatch({ control, name: 'message' }).length;

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await apiRequest<{ message?: string } | null>('/reports', {
        method: 'POST',
        body: JSON.stringify(toRequest(values, username, postId)),
      });
      setSent(answer?.message || REPORT_RECEIVED_MESSAGE);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setApiFieldErrors(setError, fields);
      setFailure(loadErrorMessage(error));
    }
  });

  const subject = postId ? 'this post' : `@${username}'s page`;
  return (
    <Modal
      open
      title={postId ? 'Report this post' : 'Report this page'}
      onClose={onClose}
      footer={
        sent ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send report'}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <OutcomeMessage ref={sentRef} tone="success" role="status">
          {sent}
        </OutcomeMessage>
      ) : (
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} css={{ display: 'grid', gap: '1rem' }}>
          <fieldset
            aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
            css={{ border: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.375rem' }}
          >
            <legend css={(theme) => ({ fontWeight: theme.font.weight.medium, marginBottom: '0.375rem' })}>
              Why are you reporting {subject}?
            </legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} css={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
                <input
                  type="radio"
                  value={reason}
                  aria-invalid={errors.reason ? true : undefined}
                  {...register('reason')}
                />
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
            <FieldMessages id={reasonId} error={errors.reason?.message} />
          </fieldset>
          <TextAreaField
            label="What is wrong (optional)"
            rows={3}
            maxLength={REPORT_MESSAGE_MAX}
            aside={`${messageLength}/${REPORT_MESSAGE_MAX}`}
            error={errors.message?.message}
            {...register('message')}
          />
          <TextField
            label="Your email (optional)"
            type="email"
            autoComplete="email"
            hint="We write to you there when we have looked at it."
            error={errors.email?.message}
            {...register('email')}
          />
          {failure ? (
            <OutcomeMessage tone="danger" role="alert">
              {failure}
            </OutcomeMessage>
          ) : null}
        </form>
      )}
    </Modal>
  );
}
