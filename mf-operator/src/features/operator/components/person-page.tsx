import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { PersonDetailResponse } from '@beabro/shared/api-schemas/operator';
import { Button } from '@beabro/shared/ui/button';
import { usePerson, usePersonCommand, useSuspension } from '../api/operator-api';
import { dateTime, date, money } from '../lib/format';
import { AuditTable } from './audit-table';
import { DataTable, QueryView, Section, useOutcome } from './operator-ui';
import { PersonStatus } from './people-page';
import { ReasonDialog } from './reason-dialog';

/** One person: who they are, their money, their sign-ins and what operators did about them, and the actions. */
export function PersonPage({ basePath }: { basePath: string }) {
  const { userId = '' } = useParams();
  const person = usePerson(userId);
  return (
    <>
      <p css={{ margin: 0 }}>
        <Link to={`${basePath}/people`}>Back to people</Link>
      </p>
      <QueryView query={person} loading="Loading this person…">
        {(detail) => <PersonDetail key={detail.person.id} detail={detail} />}
      </QueryView>
    </>
  );
}

function PersonDetail({ detail }: { detail: PersonDetailResponse }) {
  const { person } = detail;
  const [dialog, setDialog] = useState<'suspend' | 'lift' | null>(null);
  const suspension = useSuspension(person.id);
  const command = usePersonCommand();
  const outcome = useOutcome();

  const runCommand = async (name: 'sign-out' | 'resend-verification', fallback: string) => {
    try {
      const answer = await command.mutateAsync({ userId: person.id, command: name });
      outcome.succeed(answer.message);
    } catch (error) {
      outcome.fail(error, fallback);
    }
  };

  return (
    <>
      <h2 css={(theme) => ({ fontSize: theme.font.size.xl, margin: `${theme.space(3)} 0 0` })}>{person.displayName}</h2>
      <dl
        css={(theme) => ({
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          gap: `${theme.space(1)} ${theme.space(4)}`,
          margin: `${theme.space(3)} 0 0`,
          '& dt': { fontWeight: theme.font.weight.medium },
          '& dd': { margin: 0, overflowWrap: 'anywhere' },
        })}
      >
        <dt>Status</dt>
        <dd>
          <PersonStatus person={person} />
        </dd>
        <dt>Email</dt>
        <dd>
          {person.email ?? '—'} {person.emailVerified ? '(verified)' : '(not verified)'}
        </dd>
        <dt>Username</dt>
        <dd>{person.username ? `@${person.username}` : '—'}</dd>
        <dt>Kind</dt>
        <dd>
          {person.isCreator ? 'Creator' : 'Supporter'}
          {person.isOperator ? ', operator' : ''}
        </dd>
        <dt>Joined</dt>
        <dd>{dateTime(person.createdAt)}</dd>
        {person.isCreator ? (
          <>
            <dt>Reviewed</dt>
            <dd>{person.reviewedAt ? dateTime(person.reviewedAt) : 'Not yet'}</dd>
          </>
        ) : null}
        {person.suspension ? (
          <>
            <dt>Suspended</dt>
            <dd>
              {dateTime(person.suspension.suspendedAt)}
              {person.suspension.suspendedBy ? ` by ${person.suspension.suspendedBy}` : ''}: {person.suspension.reason}
            </dd>
          </>
        ) : null}
      </dl>

      <div css={(theme) => ({ display: 'flex', gap: theme.space(2), flexWrap: 'wrap', marginTop: theme.space(4) })}>
        {person.suspension ? (
          <Button variant="secondary" onClick={() => setDialog('lift')}>
            Lift suspension
          </Button>
        ) : (
          <Button variant="danger" onClick={() => setDialog('suspend')}>
            Suspend
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={command.isPending}
          onClick={() => void runCommand('sign-out', 'The sign-out did not work. Please try again.')}
        >
          Force sign-out
        </Button>
        {!person.emailVerified && person.email ? (
          <Button
            variant="secondary"
            disabled={command.isPending}
            onClick={() =>
              void runCommand('resend-verification', 'The verification email could not be sent. Please try again.')
            }
          >
            Resend verification
          </Button>
        ) : null}
      </div>
      {outcome.node}

      {dialog ? (
        <ReasonDialog
          title={dialog === 'suspend' ? `Suspend ${person.displayName}?` : `Lift ${person.displayName}'s suspension?`}
          description={
            dialog === 'suspend'
              ? 'Their page and posts are hidden, supports to and from them are refused, renewals to them are not charged and their payouts are held. They are emailed the reason.'
              : 'Everything the suspension stopped works again, and they are emailed the reason.'
          }
          confirmLabel={dialog === 'suspend' ? 'Suspend' : 'Lift suspension'}
          danger={dialog === 'suspend'}
          onClose={() => setDialog(null)}
          onConfirm={async (reason) => {
            await suspension.mutateAsync({ action: dialog, reason });
            setDialog(null);
            outcome.succeed(dialog === 'suspend' ? `${person.displayName} is suspended.` : 'The suspension is lifted.');
          }}
        />
      ) : null}

      <Section title="Supports given">
        <SupportsTable label="Supports given" supports={detail.supportsGiven} counterparty="Creator" />
      </Section>
      <Section title="Supports received">
        <SupportsTable label="Supports received" supports={detail.supportsReceived} counterparty="Supporter" />
      </Section>
      <Section title="Payouts">
        <DataTable
          label="Payouts"
          columns={['Week of', 'Amount', 'Status', 'Hold reason', 'Created']}
          empty="No payouts."
          rows={detail.payouts.map((payout) => ({
            key: payout.id,
            cells: [
              // Stripe's payouts (with Stripe) cover no week: the balance available; Created dates them.
              payout.weekStart ? date(payout.weekStart) : '—',
              money(payout.amountCents, payout.currency),
              payout.status,
              payout.holdReason ?? '—',
              dateTime(payout.createdAt),
            ],
          }))}
        />
      </Section>
      <Section title="Disputes">
        <DataTable
          label="Disputes"
          columns={['Opened', 'Amount', 'Reason', 'Status', 'Evidence due', 'Closed']}
          empty="No disputes."
          rows={detail.disputes.map((dispute) => ({
            key: dispute.id,
            cells: [
              dateTime(dispute.createdAt),
              money(dispute.amountCents, dispute.currency),
              dispute.reason,
              dispute.status,
              dispute.dueBy ? dateTime(dispute.dueBy) : '—',
              dispute.closedAt ? dateTime(dispute.closedAt) : '—',
            ],
          }))}
        />
      </Section>
      <Section title="Sign-ins">
        <DataTable
          label="Sign-ins"
          columns={['At', 'IP address', 'Session']}
          empty="No sign-ins."
          rows={detail.logins.map((login, i) => ({
            key: `${login.at}-${i}`,
            cells: [dateTime(login.at), login.ip ?? '—', login.revoked ? 'Ended' : 'Active'],
          }))}
        />
      </Section>
      <Section title="History">
        <AuditTable label="History" entries={detail.history} empty="No operator actions about this person yet." />
      </Section>
    </>
  );
}

function SupportsTable({
  label,
  supports,
  counterparty,
}: {
  label: string;
  supports: PersonDetailResponse['supportsGiven'];
  counterparty: string;
}) {
  return (
    <DataTable
      label={label}
      columns={['Date', counterparty, 'Amount', 'Kind', 'Status', 'Support id']}
      empty="None."
      rows={supports.map((support) => ({
        key: support.id,
        cells: [
          dateTime(support.createdAt),
          support.counterparty,
          money(support.amountCents, support.currency),
          support.kind === 'monthly' ? 'Monthly' : 'One-time',
          support.status,
          <code key="id">{support.id}</code>,
        ],
      }))}
    />
  );
}
