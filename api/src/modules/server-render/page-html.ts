import { PAGE_STATE_ELEMENT_ID, serializePageState, type PageState } from '@beabro/shared/contract/page-state';

const ROOT = '<div id="root"></div>';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface PagePreload {
  href: string;
  /** `fetch` for the manifest (the federation runtime fetches it), `script` for remoteEntry and chunks. */
  as: 'fetch' | 'script';
}

/**
 * The shell page with what the server knows: the rendered markup in #root, the page state (remote map,
 * data the markup was rendered with) for the browser, and preload hints so the browser fetches the
 * area's files in parallel with the shell's instead of one after another.
 */
export function composePage(
  template: string,
  { rootHtml, state, preloads }: { rootHtml: string; state: PageState; preloads: readonly PagePreload[] },
): string {
  const hints = preloads
    .map((p) =>
      p.as === 'fetch'
        ? `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(p.href)}">`
        : `<link rel="preload" as="script" href="${escapeAttribute(p.href)}">`,
    )
    .join('');
  const stateScript = `<script id="${PAGE_STATE_ELEMENT_ID}" type="application/json">${serializePageState(state)}</script>`;
  let html = template;
  if (hints) html = /<\/head>/i.test(html) ? html.replace(/<\/head>/i, () => `${hints}</head>`) : `${hints}${html}`;
  const root = `<div id="root">${rootHtml}</div>${stateScript}`;
  // A function replacement: "$&" in rendered text must not be read as a replacement pattern.
  return html.includes(ROOT) ? html.replace(ROOT, () => root) : html.replace(/<\/body>/i, () => `${root}</body>`);
}
