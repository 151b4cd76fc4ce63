import { useState } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_REASON_LABELS, type ReportDto } from '@beabro/shared/api-schemas/operator';
import { paths } from '@beabro/shared/contract/paths';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { useReportCommand, useReports } from '../api/operator-api';
import { dateTime } from '../lib/format';
import { DataTable, QueryView, Section, useOutcome } from './operator-ui';
import { ResolveDialog } from './reason-dialog';

const STATUS_LABELS: Record<ReportDto['status'], string> = {
  open: 'Open',
  hidden: 'Hidden',
  dismissed: 'Dismissed',
  suspended: 'Creator suspended',
};

function Reported({ report, basePath }: { report: ReportDto; basePath: string }) {
  return (
    <>
      <Link to={`${basePath}/people/${report.creatorUserId}`}>@{report.username}</Link>
      {report.postId ? (
        <>
          {': '}
          <a href={paths.post(report.username, report.postId)}>{report.postTitle ?? 'a post'}</a>
        </>
      ) : (
        <>
          {' ('}
          <a href={paths.profile(report.username)}>page</a>)
        </>
      )}
    </>
  );
}

/** Reports from visitors: the open queue (oldest first) with Resolve, and the closed ones with Unhide. */
export function ReportsPage({ basePath }: { basePath: string }) {
  const open = useReports('open');
  const closed = useReports('closed');
  const command = useReportCommand();
  const outcome = useOutcome();
  const [resolving, setResolving] = useState<ReportDto | null>(null);

  const unhide = async (report: ReportDto) => {
    try {
      await command.mutateAsync({ reportId: report.id, command: 'unhide' });
      outcome.succeed(report.postId ? 'The post is shown again.' : `@${report.username}'s page is shown again.`);
    } catch (error) {
      outcome.fail(error, 'It could not be shown again. Please try again.');
    }
  };

  return (
    <>
      <h2 css={(theme) => ({ fontSize: theme.font.size.xl, margin: 0 })}>Reports</h2>
      {outcome.node}
      <Section title="Open">
        <QueryView query={open} loading="Loading open reports…">
          {({ reports }) => (
            <DataTable
              label="Open reports"
              columns={['Reported', 'About', 'Reason', 'Message', 'Reporter', 'Actions']}
              empty="No open reports."
              rows={reports.map((report) => ({
                key: report.id,
                cells: [
                  dateTime(report.createdAt),
                  <Reported key="about" report={report} basePath={basePath} />,
                  REPORT_REASON_LABELS[report.reason],
                  report.message ?? '—',
                  report.reporterEmail ?? '—',
                  <Button
                    key="resolve"
                    size="sm"
                    aria-label={`Resolve the report about @${report.username}`}
                    onClick={() => setResolving(report)}
                  >
                    Resolve
                  </Button>,
                ],
              }))}
            />
          )}
        </QueryView>
      </Section>
      <Section title="Closed">
        <QueryView query={closed} loading="Loading closed reports…">
          {({ reports }) => (
            <DataTable
              label="Closed reports"
              columns={['Reported', 'About', 'Reason', 'Outcome', 'Resolved', 'Actions']}
              empty="No closed reports."
              rows={reports.map((report) => ({
                key: report.id,
                cells: [
                  dateTime(report.createdAt),
                  <Reported key="about" report={report} basePath={basePath} />,
                  REPORT_REASON_LABELS[report.reason],
                  <Badge key="status" tone={report.status === 'dismissed' ? 'neutral' : 'warning'}>
                    {STATUS_LABELS[report.status]}
                  </Badge>,
                  report.resolvedAt
                    ? `${dateTime(report.resolvedAt)}${report.resolvedBy ? ` by ${report.resolvedBy}` : ''}`
                    : '—',
                  report.status === 'hidden' ? (
                    <Button
                      key="unhide"
                      size="sm"
                      variant="secondary"
                      disabled={command.isPending}
                      aria-label={`Unhide ${report.postId ? 'the post' : 'the page'} of @${report.username}`}
                      onClick={() => void unhide(report)}
                    >
                      Unhide
                    </Button>
                  ) : (
                    '—'
                  ),
                ],
              }))}
            />
          )}
        </QueryView>
      </Section>
      {resolving ? (
        <ResolveDialog
          report={resolving}
          onClose={() => setResolving(null)}
          onConfirm={async ({ action, reason }) => {
            await command.mutateAsync({ reportId: resolving.id, command: 'resolve', action, reason });
            setResolving(null);
            outcome.succeed(
              action === 'dismiss'
                ? 'The report is dismissed.'
                : action === 'hide'
                  ? 'Hidden. The creator is emailed why.'
                  : `@${resolving.username} is suspended.`,
            );
          }}
        />
      ) : null}
    </>
  );
}
