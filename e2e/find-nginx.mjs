// Where nginx is, for the cluster tests (two API instances behind it): NGINX_PATH, else nginx on PATH, else
// /usr/sbin/nginx (Debian's nginx-light). Null when none of them exists.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** @returns {string | null} */
export function findNginx() {
  if (process.env.NGINX_PATH) return existsSync(process.env.NGINX_PATH) ? process.env.NGINX_PATH : null;
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => dir && path.join(dir, 'nginx'))
    .find((candidate) => candidate && existsSync(candidate));
  if (onPath) return onPath;
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null;
}

export const NGINX_MISSING =
  'nginx not found (NGINX_PATH, PATH, /usr/sbin/nginx). Install it (Debian: apt-get install -y nginx-light) or set NGINX_PATH.';
