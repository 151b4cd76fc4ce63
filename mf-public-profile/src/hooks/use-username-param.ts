import { useParams } from 'react-router-dom';

/** The creator of the page from the route (`/:username`), lower-cased as usernames are stored. */
export function useUsernameParam(): string {
  const { username = '' } = useParams();
  return username.toLowerCase();
}
