import { Button } from '@beabro/shared/ui/button';
import { AUDIT_CSV_URL, useAuditLog } from '../api/operator-api';
import { errorMessage } from '../lib/error-message';
import { AuditTable } from './audit-table';
import { QueryView } from './operator-ui';

/** Every operator and automatic action, newest first, 50 at a time; all of it as CSV. */
export function AuditPage() {
  const log = useAuditLog();
  return (
    <>
      <div
        css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '1rem', flexWrap: 'wrap' }}
      >
        <h2 css={(theme) => ({ fontSize: theme.font.size.xl, margin: 0 })}>Audit log</h2>
        <a href={AUDIT_CSV_URL} download>
          Download CSV
        </a>
      </div>
      <div css={(theme) => ({ marginTop: theme.space(4) })}>
        <QueryView query={log} loading="Loading the audit log…">
          {(data) => (
            <>
              <AuditTable
                label="Audit log"
                entries={data.pages.flatMap((page) => page.entries)}
                empty="Nothing has been logged yet."
              />
              {log.isFetchNextPageError ? (
                <p role="alert" css={(theme) => ({ color: theme.color.danger })}>
                  {errorMessage(log.error, 'Older entries could not be loaded. Please try again.')}
                </p>
              ) : null}
              {log.hasNextPage ? (
                <p>
                  <Button
                    variant="secondary"
                    disabled={log.isFetchingNextPage}
                    onClick={() => void log.fetchNextPage()}
                  >
                    {log.isFetchingNextPage ? 'Loading…' : 'Older'}
                  </Button>
                </p>
              ) : null}
            </>
          )}
        </QueryView>
      </div>
    </>
  );
}
