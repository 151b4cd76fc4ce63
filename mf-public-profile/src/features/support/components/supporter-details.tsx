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
  errors: FieldErrors;
  onEdit: (field: FieldKey) => void;
  displayName: string;
  acceptsMessages: boolean;
}

/** "Your Details": name (optional; off when anonymous), email (required), message (n/200) and anonymous. */
export function SupporterDetails({
  state,
  dispatch,
  errors,
  onEdit,
  displayName,
  acceptsMessages,
}: SupporterDetailsProps) {
  const set = (field: TextFieldName & FieldKey) => (event: { currentTarget: { value: string } }) => {
    dispatch({ type: 'setField', field, value: event.currentTarget.value });
    onEdit(field);
  };
  return (
    <CheckoutSection step={2} title="Your Details">
      <div css={{ display: 'grid', gap: '1rem' }}>
        <TextField
          id={FIELD_IDS.name}
          label="Name (optional)"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          value={state.isAnonymous ? '' : state.name}
          placeholder={state.isAnonymous ? 'Anonymous' : 'How should we thank you?'}
          disabled={state.isAnonymous}
          hint={state.isAnonymous ? 'You are supporting anonymously, so your name is not shown or sent.' : undefined}
          error={errors.name}
          onChange={set('name')}
        />
        <TextField
          id={FIELD_IDS.email}
          label="Email"
          type="email"
          autoComplete="email"
          required
          aria-required="true"
          value={state.email}
          hint={EMAIL_HINT}
          error={errors.email}
          onChange={set('email')}
        />
        {acceptsMessages ? (
          <TextAreaField
            id={FIELD_IDS.message}
            label="Message (optional)"
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder={`Say something nice to ${displayName}`}
            value={state.message}
            aside={`${state.message.length}/${MESSAGE_MAX_LENGTH}`}
            error={errors.message}
            onChange={set('message')}
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
