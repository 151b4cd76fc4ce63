import { ProgressBar } from '@beabro/shared/ui/progress-bar';
import { STEP_COUNT, type WizardStep } from '../utils/onboarding-draft';

/** "Step n of 3" with a bar, above the step's heading. */
export function StepProgress({ step }: { step: WizardStep }) {
  const label = `Step ${step} of ${STEP_COUNT}`;
  return (
    <div css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(2) })}>
      <p
        css={(theme) => ({
          margin: 0,
          fontSize: theme.font.size.sm,
          fontWeight: theme.font.weight.medium,
          color: theme.color.brandHover,
        })}
      >
        {label}
      </p>
      <ProgressBar value={(step / STEP_COUNT) * 100} label={label} />
    </div>
  );
}
