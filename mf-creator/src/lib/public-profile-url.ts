import { paths } from '@beabro/shared/contract/paths';

/** This site's origin, as other websites reach it (the embed snippets point at it). */
export function siteOrigin(): string {
  return window.location.origin;
}

/** The public address of a creator page, as supporters will type or click it. */
export function publicProfileUrl(username: string): string {
  return `${siteOrigin()}${paths.profile(username)}`;
}
