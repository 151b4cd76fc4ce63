import { useId, useRef, useState, type FormEvent } from 'react';
import { useCreateWebhookEndpoint } from '@beabro/shared/api/create-webhook-endpoint';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointFormSchema,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@beabro/shared/api-schemas/webhooks';
import { Button } from '@beabro/shared/ui/button';
import { FieldMessages } from '@beabro/shared/ui/field-messages';
import { TextField } from '@beabro/shared/ui/text-field';
import { SaveStatus, IDLE, type SaveState } from '../../../components/save-status';
import { apiFieldErrors, errorMessage } from '../../../lib/error-message';
import { fieldErrorsOf, focusFirstInvalid, hasErrors, type FieldErrors } from '@beabro/shared/schemas/field-errors';

const EMPTY = { url: '', description: '', events: ['support.created'] as WebhookEventType[] };

/** "Add endpoint": URL, description and events, checked with the shared schema here and again (with DNS) by the API. */
export function WebhookEndpointForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: WebhookEndpointWithSecret) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<SaveState>(IDLE);
  const create = useCreateWebhookEndpoint();
  const form = useRef<HTMLFormElement>(null);
  const eventsId = useId();

  const toggleEvent = (type: WebhookEventType, checked: boolean) =>
    setValues((current) => ({
      ...current,
      events: checked ? [...current.events, type] : current.events.filter((e) => e !== type),
    }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrorsOf(webhookEndpointFormSchema, values);
    // One message for the group, wherever zod put it.
    if (found['events.0']) found.events ??= found['events.0'];
    setErrors(found);
    if (hasErrors(found)) {
      setState({ kind: 'failed', message: 'Please correct the highlighted fields.' });
      focusFirstInvalid(form.current);
      return;
    }
    setState({ kind: 'saving' });
    try {
      const created = await create.mutateAsync(values);
      setValues(EMPTY);
      setState(IDLE);
      onCreated(created);
    } catch (failure) {
      setErrors(apiFieldErrors(failure));
      setState({
        kind: 'failed',
        message: errorMessage(failure, 'The endpoint could not be added. Please try again.'),
      });
      focusFirstInvalid(form.current);
    }
  };

  const saving = state.kind === 'saving';
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
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
        value={values.url}
        error={errors.url}
        onChange={(e) => setValues((current) => ({ ...current, url: e.target.value }))}
      />
      <TextField
        label="Description (optional)"
        placeholder="e.g. Discord role bot"
        maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH + 50}
        aside={`${values.description.length}/${WEBHOOK_DESCRIPTION_MAX_LENGTH}`}
        value={values.description}
        error={errors.description}
        onChange={(e) => setValues((current) => ({ ...current, description: e.target.value }))}
      />
      <fieldset
        aria-describedby={errors.events ? `${eventsId}-error` : undefined}
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
          {WEBHOOK_EVENT_TYPES.map((type) => (
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
                checked={values.events.includes(type)}
                aria-invalid={errors.events ? true : undefined}
                onChange={(e) => toggleEvent(type, e.target.checked)}
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
        </div>
        <FieldMessages id={eventsId} error={errors.events} />
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
