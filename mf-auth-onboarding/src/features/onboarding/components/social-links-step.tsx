import { SOCIAL_PLATFORMS } from '@beabro/shared/data/social-platforms';
import { PrefixedField } from '@beabro/shared/ui/prefixed-field';
import type { StepFieldsProps } from './step-fields-props';

/** Step 2, connect platforms (docs/product-rules.md#social-links): all optional, each checked by its own rule. */
export function SocialLinksStep({ draft, errors, onFieldChange, onFieldBlur }: StepFieldsProps) {
  return (
    <div
      css={(theme) => ({
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: theme.space(4),
        [theme.breakpoint.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: theme.space(5) },
      })}
    >
      {SOCIAL_PLATFORMS.map((platform) => {
        const field = `socialLinks.${platform.id}`;
        return (
          <PrefixedField
            key={platform.id}
            label={platform.label}
            prefix={platform.inputPrefix}
            name={field}
            placeholder={platform.placeholder}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode={platform.id === 'website' ? 'url' : 'text'}
            value={draft.socialLinks[platform.id]}
            error={errors[field]}
            onChange={(event) => onFieldChange(field, event.target.value)}
            onBlur={() => onFieldBlur(field)}
          />
        );
      })}
    </div>
  );
}
