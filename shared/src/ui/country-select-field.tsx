import { useMemo, type ReactNode, type SelectHTMLAttributes } from 'react';
import { countryOptions } from '@beabro/shared/data/country-options';
import { SelectField } from '@beabro/shared/ui/select-field';

export interface CountrySelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

/**
 * The payout country select (onboarding step 3 and Settings > Support Settings): the four payout
 * countries first, then every other country under "Payouts not available yet", so a creator elsewhere
 * can say where they are and sees at once that their payouts will be held.
 */
export function CountrySelectField(props: CountrySelectFieldProps) {
  const countries = useMemo(() => countryOptions(), []);
  return (
    <SelectField {...props}>
      <option value="">Choose your country</option>
      <optgroup label="Payouts available">
        {countries.payout.map((c) => (
          <option key={c.code} value={c.code}>
            {`${c.name} (payouts available)`}
          </option>
        ))}
      </optgroup>
      <optgroup label="Payouts not available yet">
        {countries.other.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </optgroup>
    </SelectField>
  );
}
