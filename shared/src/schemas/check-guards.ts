import type { core } from 'zod';

/*
 * `when` predicates for zod checks. They replace `abort: true`: an explicitly aborted issue inside a field
 * also stops every object-level refinement (zod skips `when`-refinements once any issue says "abort"), which
 * would hide "Passwords do not match" whenever another field is wrong. Gating the follow-up checks with
 * `when` keeps one message per problem without that side effect.
 */

type Payload = core.ParsePayload;

/** Run the check only on a non-empty string (the "required" check has already spoken for empty ones). */
export function whenNonEmptyString(payload: Payload): boolean {
  return typeof payload.value === 'string' && payload.value.length > 0;
}

/** Run the check only on an integer (the "whole number" check has already spoken for the others). */
export function whenInteger(payload: Payload): boolean {
  return Number.isInteger(payload.value);
}

/** Run the check only if every check before it passed. */
export function whenNoIssues(payload: Payload): boolean {
  return payload.issues.length === 0;
}

/** For cross-field refinements: run only once the object is an object and both fields are strings. */
export function whenBothStrings(first: string, second: string): (payload: Payload) => boolean {
  return (payload) => {
    const value = payload.value;
    if (typeof value !== 'object' || value === null) return false;
    const record = value as Record<string, unknown>;
    return typeof record[first] === 'string' && typeof record[second] === 'string';
  };
}
