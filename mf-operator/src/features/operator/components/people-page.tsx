import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PersonSummaryDto } from '@beabro/shared/api-schemas/operator';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { TextField } from '@beabro/shared/ui/text-field';
import { usePeopleSearch } from '../api/operator-api';
import { dateTime } from '../lib/format';
import { DataTable, QueryView, Section } from './operator-ui';

/** What a person's account is now, as a badge. */
export function PersonStatus({ person }: { person: PersonSummaryDto }) {
  if (person.deletedAt) return <Badge tone="neutral">Deleted</Badge>;
  if (person.suspension) return <Badge tone="danger">Suspended</Badge>;
  if (!person.emailVerified) return <Badge tone="warning">Email not verified</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/** Search people by email, username, display name or a support id; the query lives in the address (?q=). */
export function PeoplePage({ basePath }: { basePath: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const search = usePeopleSearch(q);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    setSearchParams(next ? { q: next } : {});
  };
  return (
    <>
      <h2 css={(theme) => ({ fontSize: theme.font.size.xl, margin: 0 })}>People</h2>
      <form
        role="search"
        onSubmit={onSubmit}
        css={(theme) => ({
          display: 'flex',
          gap: theme.space(2),
          alignItems: 'flex-end',
          flexWrap: 'wrap',
          marginTop: theme.space(4),
        })}
      >
        <div css={{ flex: '1 1 16rem' }}>
          <TextField
            label="Email, username, name or support id"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {q === '' ? null : (
        <Section title={`Results for "${q}"`}>
          <QueryView query={search} loading="Searching…">
            {({ people }) => (
              <DataTable
                label="People found"
                columns={['Name', 'Email', 'Username', 'Kind', 'Status', 'Joined']}
                empty="Nobody matches that search."
                rows={people.map((person) => ({
                  key: person.id,
                  cells: [
                    <Link key="name" to={`${basePath}/people/${person.id}`}>
                      {person.displayName}
                    </Link>,
                    person.email ?? '—',
                    person.username ? `@${person.username}` : '—',
                    [person.isCreator ? 'Creator' : 'Supporter', person.isOperator ? ', operator' : ''].join(''),
                    <PersonStatus key="status" person={person} />,
                    dateTime(person.createdAt),
                  ],
                }))}
              />
            )}
          </QueryView>
        </Section>
      )}
    </>
  );
}
