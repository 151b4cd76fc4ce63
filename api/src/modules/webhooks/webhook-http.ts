import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { WebhookTarget } from './webhook-address-guard';

/** Bytes of an answer kept for the delivery log: enough to recognise an error page, never the whole body. */
export const RESPONSE_EXCERPT_BYTES = 500;

/**
 * Text from a receiver made safe to store and show: NUL (which PostgreSQL text refuses) and the other
 * control characters are dropped, line breaks and tabs kept.
 */
export function printableText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    const control = (code < 0x20 && char !== '\n' && char !== '\t') || (code >= 0x7f && code < 0xa0);
    if (!control) out += char;
  }
  return out;
}

export interface WebhookRequest {
  target: WebhookTarget;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export interface WebhookResponse {
  status: number;
  excerpt: string;
}

/** Sends one delivery; rejects on a network failure or timeout. Tests replace it. */
export type WebhookHttpTransport = (request: WebhookRequest) => Promise<WebhookResponse>;

/**
 * POSTs to the already-checked address: the connection's DNS lookup is answered with that address, so
 * the host name is not resolved a second time (DNS rebinding cannot swap in another), while Host and
 * TLS SNI (and certificate checks) keep the original name. Redirects are not followed; the whole
 * exchange is bounded by `timeoutMs`; at most RESPONSE_EXCERPT_BYTES of the answer are read.
 */
export const nodeWebhookTransport: WebhookHttpTransport = ({ target, headers, body, timeoutMs }) =>
  new Promise<WebhookResponse>((resolve, reject) => {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all)
        (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
          { address: target.address, family: target.family },
        ]);
      else callback(null, target.address, target.family);
    };
    const isHttps = target.url.protocol === 'https:';
    const request = (isHttps ? https : http).request({
      protocol: target.url.protocol,
      hostname: target.hostname,
      port: target.url.port || (isHttps ? 443 : 80),
      path: `${target.url.pathname}${target.url.search}`,
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: pinned,
      agent: false,
      // SNI carries names only (an address literal is checked against the certificate's IP entries).
      ...(isHttps && !isIP(target.hostname) ? { servername: target.hostname } : {}),
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          excerpt: printableText(Buffer.concat(chunks).toString('utf8')).slice(0, RESPONSE_EXCERPT_BYTES),
        });
      };
      response.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - size));
        size += chunk.length;
        // Enough read: the rest of a large answer is not downloaded.
        if (size >= RESPONSE_EXCERPT_BYTES) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', finish);
      response.on('close', finish);
    });
    request.end(body);
  });
