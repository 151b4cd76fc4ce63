import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { AuditPage } from './audit-page';
import { EmailPage } from './email-page';
import { LimitsPage } from './limits-page';
import { MoneyPage } from './money-page';
import { PeoplePage } from './people-page';
import { PersonPage } from './person-page';
import { ReportsPage } from './reports-page';
import { ReviewsPage } from './reviews-page';

const SECTIONS = [
  { path: 'people', label: 'People' },
  { path: 'reviews', label: 'Reviews' },
  { path: 'reports', label: 'Reports' },
  { path: 'money', label: 'Money' },
  { path: 'email', label: 'Email' },
  { path: 'limits', label: 'Limits' },
  { path: 'audit', label: 'Audit log' },
] as const;

/** The operator console: a section menu and the section's screen (`/operator/people`, `/operator/reports`, ...). */
export function OperatorConsole({ basePath }: { basePath: string }) {
  useDocumentTitle('Operator console');
  return (
    <PageContainer css={(theme) => ({ paddingTop: theme.space(6), paddingBottom: theme.space(12) })}>
      <h1 css={(theme) => ({ fontSize: theme.font.size.xxl, margin: 0 })}>Operator console</h1>
      <nav aria-label="Operator console" css={(theme) => ({ margin: `${theme.space(4)} 0 ${theme.space(6)}` })}>
        <ul
          css={(theme) => ({
            display: 'flex',
            gap: theme.space(1),
            listStyle: 'none',
            margin: 0,
            padding: 0,
            overflowX: 'auto',
            borderBottom: `1px solid ${theme.color.border}`,
          })}
        >
          {SECTIONS.map((section) => (
            <li key={section.path}>
              <NavLink
                to={`${basePath}/${section.path}`}
                css={(theme) => ({
                  display: 'block',
                  padding: `${theme.space(2)} ${theme.space(3)}`,
                  whiteSpace: 'nowrap',
                  color: theme.color.textMuted,
                  textDecoration: 'none',
                  borderBottom: '3px solid transparent',
                  '&[aria-current="page"]': { color: theme.color.brand, borderBottomColor: theme.color.brand },
                  '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: '-3px' },
                })}
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Navigate to={`${basePath}/people`} replace />} />
        <Route path="people" element={<PeoplePage basePath={basePath} />} />
        <Route path="people/:userId" element={<PersonPage basePath={basePath} />} />
        <Route path="reviews" element={<ReviewsPage basePath={basePath} />} />
        <Route path="reports" element={<ReportsPage basePath={basePath} />} />
        <Route path="money" element={<MoneyPage />} />
        <Route path="email" element={<EmailPage />} />
        <Route path="limits" element={<LimitsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<p>There is no such page in the operator console.</p>} />
      </Routes>
    </PageContainer>
  );
}
