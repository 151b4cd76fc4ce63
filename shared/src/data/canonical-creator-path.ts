import { USERNAME_PATTERN } from '@beabro/shared/data/defaults';
import { isReservedUsername } from '@beabro/shared/data/reserved-usernames';

/**
 * Usernames are stored in lower case and match case-insensitively, so `/PixelPat` means `/pixelpat`.
 * For a creator page path (`/{username}` or `/{username}/support`) written with capitals, the lower-case
 * path to redirect to (301 on the server, a replace in the browser); null for any other path. Only ASCII
 * letters change, and only into a possible username, so the result is always a local path.
 */
export function canonicalCreatorPath(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const [first, second] = segments;
  if (first === undefined || segments.length > 2 || (second !== undefined && second !== 'support')) return null;
  if (!/[A-Z]/.test(first)) return null;
  const username = first.toLowerCase();
  if (!USERNAME_PATTERN.test(username) || isReservedUsername(username)) return null;
  return second === undefined ? `/${username}` : `/${username}/${second}`;
}
