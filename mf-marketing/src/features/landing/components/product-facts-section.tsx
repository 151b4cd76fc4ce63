import { useId } from 'react';
import { StatCard } from '@beabro/shared/ui/stat-card';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';
import { BanknoteIcon } from '@beabro/shared/ui/icons/banknote';
import { CalendarIcon } from '@beabro/shared/ui/icons/calendar';
import { ClockIcon } from '@beabro/shared/ui/icons/clock';
import { SparklesIcon } from '@beabro/shared/ui/icons/sparkles';

/*
 * The stats block deliberately shows product facts rather than activity totals: a new platform has no
 * honest "paid out" or "supporters" figures yet. Live activity figures belong here once the API serves them.
 */
const facts = [
  {
    icon: <BanknoteIcon />,
    label: 'You keep',
    value: '95%',
    detail: 'of every support before card processing (2.9% + 30¢); the platform fee is 5%',
  },
  { icon: <CalendarIcon />, label: 'Payouts', value: 'Weekly', detail: 'every Tuesday, for the previous week' },
  { icon: <SparklesIcon />, label: 'To get started', value: '$0', detail: 'no setup or subscription fees' },
  {
    icon: <ClockIcon />,
    label: 'Setup time',
    value: (
      <>
        {/* Screen readers would announce "~" as "tilde". */}
        <span aria-hidden="true">~</span>
        <span className="visually-hidden">about </span>5 min
      </>
    ),
    detail: 'to a professional, shareable support page',
  },
];

export function ProductFactsSection() {
  const titleId = useId();
  return (
    <LandingSection labelledBy={titleId}>
      <SectionHeading
        id={titleId}
        eyebrow="The facts"
        title="Straightforward by design"
        intro="No vanity metrics, just what every mission builder gets from day one."
      />
      <div
        css={(theme) => ({
          display: 'grid',
          gap: theme.space(5),
          [theme.breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          [theme.breakpoint.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
        })}
      >
        {facts.map((fact) => (
          <StatCard key={fact.label} icon={fact.icon} label={fact.label} value={fact.value} detail={fact.detail} />
        ))}
      </div>
    </LandingSection>
  );
}
