import type { Control } from 'react-hook-form';
import { MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH } from '@beabro/shared/data/defaults';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import type { FieldErrors, FieldKey } from '../utils/checkout-request';
import type { SupportFormAction, SupportFormState, TextField as TextFieldName } from '../utils/support-form-state';
import { CheckboxField } from './checkbox-field';
import { CheckoutSection } from './checkout-section';

export const EMAIL_HINT = 'Required for payment confirmation and receipts';

export const FIELD_IDS: Record<FieldKey, string> = {
  amount: 'support-custom-amount',
  name: 'support-name',
  email: 'support-email',
  message: 'support-message',
  showOnWall: 'support-show-on-wall',
  card: 'support-card-field',
};

export interface SupporterDetailsProps {
  state: SupportFormState;
  dispatch: (action: SupportFormAction) => void;
  /** The checkout's react-hook-form: name, email and message are its fields. */
  control: Control<SupportFormState>;
  errors: FieldErrors;
  onEdit: (field: FieldKey) => void;
  displayName: string;
  acceptsMessages: boolean;
}

/** SPEC "Your Details": name (optional; off when anonymous), email (required), message (n/200) and anonymous. */
export function SupporterDetails({
  state,
  dispatch,
  control,
  errors,
  onEdit,
  displayName,
  acceptsMessages,
}: SupporterDetailsProps) {
  /** A text field of the form: an edit clears its old message. */
  const field = (name: TextFieldName & FieldKey) =>
    control.register(name, {
      onChange: () => onEdit(name),
      ...(name === 'message' ? { setValueAs: (value: string) => value.slice(0, MESSAGE_MAX_LENGTH) } : {}),
    });
  return (
    <CheckoutSection step={2} title="Your Details">
      <div css={{ display: 'grid', gap: '1rem' }}>
        {state.isAnonymous ? (
          // The name typed stays in the form (unticking gives it back) but is neither shown nor sent.
          <TextField
            key="anonymous"
            id={FIELD_IDS.name}
            label="Name (optional)"
            autoComplete="name"
            maxLength={NAME_MAX_LENGTH}
            value=""
            placeholder="Anonymous"
            disabled
            hint="You are supporting anonymously, so your name is not shown or sent."
            error={errors.name}
            readOnly
          />
        ) : (
          <TextField
            key="name"
            id={FIELD_IDS.name}
            label="Name (optional)"
            autoComplete="name"
            maxLength={NAME_MAX_LENGTH}
            placeholder="How should we thank you?"
            error={errors.name}
            {...field('name')}
          />
        )}
        <TextField
          id={FIELD_IDS.email}
          label="Email"
          type="email"
          autoComplete="email"
          required
          aria-required="true"
          hint={EMAIL_HINT}
          error={errors.email}
          {...field('email')}
        />
        {acceptsMessages ? (
          <TextAreaField
            id={FIELD_IDS.message}
            label="Message (optional)"
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder={`Say something nice to ${displayName}`}
            aside={`${state.message.length}/${MESSAGE_MAX_LENGTH}`}
            error={errors.message}
            {...field('message')}
          />
        ) : (
          <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
            {displayName} has turned off supporter messages.
          </p>
        )}
        <CheckboxField
          label="Support anonymously"
          description="Your name is hidden on the public page; you still get your receipt by email."
          checked={state.isAnonymous}
          onChange={(value) => {
            dispatch({ type: 'setAnonymous', value });
            onEdit('name');
            onEdit('showOnWall');
          }}
        />
        <CheckboxField
          id={FIELD_IDS.showOnWall}
          label="Show me on the supporter wall"
          description={
            state.isAnonymous
              ? 'Anonymous supporters never appear on the wall.'
              : `Your name and tier appear on ${displayName}’s page. You can leave the wall from My Missions.`
          }
          checked={state.showOnWall}
          disabled={state.isAnonymous}
          error={errors.showOnWall}
          onChange={(value) => {
            dispatch({ type: 'setShowOnWall', value });
            onEdit('showOnWall');
            onEdit('name');
          }}
        />
      </div>
    </CheckoutSection>
  );
}
