/** Where nginx is (NGINX_PATH, PATH, /usr/sbin/nginx), or null. */
export function findNginx(): string | null;
/** What to do when findNginx() finds none. */
export const NGINX_MISSING: string;
