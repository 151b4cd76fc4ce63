import type { FormEvent } from 'react';
import { Controller, type Control, type Path } from 'react-hook-form';
import { SaveBar } from '../../../components/save-bar';
import type { SaveState } from '../../../components/save-status';
import { SwitchField } from '../../../components/switch-field';

export interface SwitchItem<K extends string> {
  key: K;
  label: string;
  description: string;
}

export interface SwitchListFormProps<V extends Record<string, boolean>> {
  /** Names the group for assistive technology (the tab's heading says it visually). */
  legend: string;
  items: readonly SwitchItem<keyof V & string>[];
  /** The react-hook-form form holding the switches' values. */
  control: Control<V>;
  state: SaveState;
  onSubmit: (event: FormEvent) => void;
}

/** A list of on/off settings saved together with "Save Changes" (notifications, privacy). */
export function SwitchListForm<V extends Record<string, boolean>>({
  legend,
  items,
  control,
  state,
  onSubmit,
}: SwitchListFormProps<V>) {
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
            <Controller
              key={item.key}
              control={control}
              name={item.key as Path<V>}
              render={({ field }) => (
                <SwitchField
                  label={item.label}
                  description={item.description}
                  checked={field.value}
                  onChange={field.onChange}
                />
              )}
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
