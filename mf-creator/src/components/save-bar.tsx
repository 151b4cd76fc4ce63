import { Button } from '@beabro/shared/ui/button';
import { SaveStatus, type SaveState } from './save-status';

/** "Save Changes" (or another label) that reads "Saving..." while saving, with the outcome beside it. */
export function SaveBar({
  state,
  label = 'Save Changes',
  variant = 'primary',
}: {
  state: SaveState;
  label?: string;
  variant?: 'primary' | 'danger';
}) {
  const saving = state.kind === 'saving';
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: '1rem', flexWrap: 'wrap', paddingTop: '0.5rem' }}>
      <Button type="submit" variant={variant} disabled={saving} aria-disabled={saving}>
        {saving ? 'Saving...' : label}
      </Button>
      <SaveStatus state={state} />
    </div>
  );
}
