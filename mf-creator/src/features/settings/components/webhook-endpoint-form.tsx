import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useCreateWebhookEndpoint } from '@beabro/shared/api/create-webhook-endpoint';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointFormSchema,
  type WebhookEndpointFormInput,
  type WebhookEndpointWithSecret,
} from '@beabro/shared/api-schemas/webhooks';
import { Button } from '@beabro/shared/ui/button';
import { FieldMessages } from '@beabro/shared/ui/field-messages';
import { TextField } from '@beabro/shared/ui/text-field';
import { SaveStatus, IDLE, type SaveState } from '../../../components/save-status';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { apiFieldErrors, errorMessage, MESSAGES } from '../../../lib/error-message';

const EMPTY: WebhookEndpointFormInput = { url: '', description: '', events: ['support.created'] };

/** "Add endpoint": URL, description and events, checked with the shared schema here and again (with DNS) by the API. */
export function WebhookEndpointForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: WebhookEndpointWithSecret) => void;
  onCancel?: () => void;
}) {
  const [state, setState] = useState<SaveState>(IDLE);
  const create = useCreateWebhookEndpoint();
  const eventsId = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<WebhookEndpointFormInput>({
    defaultValues: EMPTY,
    resolver: zodResolver(webhookEndpointFormSchema, undefined, { raw: true }),
    // Messages stay until the next attempt.
    reValidateMode: 'onSubmit',
  });
  const description = useWatch({ control, name: 'description' }) ?? '';
  // One message for the group, wherever zod put it ("events" or "events.0").
  const eventsError = errors.events?.message ?? errors.events?.[0]?.message;

  const onValid = async (values: WebhookEndpointFormInput) => {
    setState({ kind: 'saving' });
    try {
      const created = await create.mutateAsync(values);
      reset(EMPTY);
      setState(IDLE);
      onCreated(created);
    } catch (failure) {
      setApiFieldErrors(setError, apiFieldErrors(failure));
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'The endpoint could not be added. Please try again.'),
      });
    }
  };

  const saving = state.kind === 'saving';
  return (
    <form
      noValidate
      onSubmit={(event) =>
        void handleSubmit(onValid, () => setState({ kind: 'failed', message: MESSAGES.fixFields }))(event)
      }
      aria-label="Add a webhook endpoint"
      css={(theme) => ({ display: 'grid', gap: theme.space(4) })}
    >
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/webhooks/beabro"
        hint="Where we POST events. It must be https:// and reachable from the internet."
        error={errors.url?.message}
        {...register('url')}
      />
      <TextField
        label="Description (optional)"
        placeholder="e.g. Discord role bot"
        maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH + 50}
        aside={`${description.length}/${WEBHOOK_DESCRIPTION_MAX_LENGTH}`}
        error={errors.description?.message}
        {...register('description')}
      />
      <fieldset
        aria-describedby={eventsError ? `${eventsId}-error` : undefined}
        css={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
      >
        <legend
          css={(theme) => ({
            padding: 0,
            marginBottom: theme.space(2),
            fontWeight: theme.font.weight.medium,
            fontSize: theme.font.size.sm,
          })}
        >
          Events to send
        </legend>
        <div
          css={(theme) => ({
            display: 'grid',
            gap: theme.space(2),
            [theme.breakpoint.md]: { gridTemplateColumns: '1fr 1fr' },
          })}
        >
          <Controller
            control={control}
            name="events"
            render={({ field }) => (
              <>
                {WEBHOOK_EVENT_TYPES.map((type, index) => (
                  <label
                    key={type}
                    css={(theme) => ({
                      display: 'flex',
                      gap: theme.space(2),
                      alignItems: 'flex-start',
                      fontSize: theme.font.size.sm,
                      cursor: 'pointer',
                    })}
                  >
                    <input
                      type="checkbox"
                      ref={index === 0 ? field.ref : undefined}
                      checked={field.value.includes(type)}
                      aria-invalid={eventsError ? true : undefined}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked ? [...field.value, type] : field.value.filter((chosen) => chosen !== type),
                        )
                      }
                      onBlur={field.onBlur}
                      css={{ marginTop: '0.2rem', width: '1rem', height: '1rem', flex: 'none' }}
                    />
                    <span>
                      <code css={{ fontWeight: 600 }}>{type}</code>
                      <span css={(theme) => ({ display: 'block', color: theme.color.textMuted })}>
                        {WEBHOOK_EVENT_LABELS[type]}
                      </span>
                    </span>
                  </label>
                ))}
              </>
            )}
          />
        </div>
        <FieldMessages id={eventsId} error={eventsError} />
      </fieldset>
      <div css={{ display: 'flex', alignItems: 'center', gap: '1rem', flexWrap: 'wrap' }}>
        <Button type="submit" disabled={saving} aria-disabled={saving}>
          {saving ? 'Adding...' : 'Add endpoint'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        ) : null}
        <SaveStatus state={state} />
      </div>
    </form>
  );
}
