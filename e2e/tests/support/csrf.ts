/**
 * The header every state-changing API request must carry (the API's CSRF check, docs/security.md): the site's
 * pages send it through apiRequest; a spec calling the API directly adds `{ headers: csrf }`.
 */
export const csrf = { 'X-Requested-With': 'beabro' };
