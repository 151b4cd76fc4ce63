import type { FormEvent } from 'react';
import { SaveBar } from '../../../components/save-bar';
import type { SaveState } from '../../../components/save-status';
import { SwitchField } from '../../../components/switch-field';

export interface SwitchItem<K extends string> {
  key: K;
  label: string;
  description: string;
}

export interface SwitchListFormProps<K extends string> {
  /** Names the group for assistive technology (the tab's heading says it visually). */
  legend: string;
  items: readonly SwitchItem<K>[];
  values: Record<K, boolean>;
  onToggle: (key: K, checked: boolean) => void;
  state: SaveState;
  onSubmit: (event: FormEvent) => void;
}

/** A list of on/off settings saved together with "Save Changes" (notifications, privacy). */
export function SwitchListForm<K extends string>({
  legend,
  items,
  values,
  onToggle,
  state,
  onSubmit,
}: SwitchListFormProps<K>) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <fieldset css={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <legend className="visually-hidden">{legend}</legend>
        <div
          css={(theme) => ({
            display: 'grid',
            borderBottom: `1px solid ${theme.color.border}`,
            '& > *': { borderTop: `1px solid ${theme.color.border}` },
          })}
        >
          {items.map((item) => (
            <SwitchField
              key={item.key}
              label={item.label}
              description={item.description}
              checked={values[item.key]}
              onChange={(checked) => onToggle(item.key, checked)}
            />
          ))}
        </div>
      </fieldset>
      <div css={(theme) => ({ marginTop: theme.space(4) })}>
        <SaveBar state={state} />
      </div>
    </form>
  );
}
