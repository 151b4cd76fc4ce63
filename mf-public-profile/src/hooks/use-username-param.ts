import { useParams } from 'react-router-dom';

/** The creator named by a `/:username` route parameter, lower-cased as usernames are stored. */
export function usernameFromParams(params: Readonly<Record<string, string | undefined>>): string {
  return (params.username ?? '').toLowerCase();
}

/** The creator of the page from the route (`/:username`), lower-cased as usernames are stored. */
export function useUsernameParam(): string {
  return usernameFromParams(useParams());
}
