import {
  FIRST_USE_ELEMENT_ID,
  PAGE_STATE_ELEMENT_ID,
  serializePageState,
  type FirstUsePlan,
  type PageState,
} from '@beabro/shared/contract/page-state';

const ROOT = '<div id="root"></div>';

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface PagePreload {
  href: string;
  /** `fetch` for the manifest (the federation runtime fetches it), `script` for remoteEntry and chunks. */
  as: 'fetch' | 'script';
}

/** The shell's script tags in its page template (`<script defer src="/main.<hash>.js"></script>`). */
const SCRIPT_TAG = /<script\b[^>]*\bsrc="([^"]+)"[^>]*>\s*<\/script>/gi;

/**
 * The shell page with what the server knows: the rendered markup in #root, the page state (remote map,
 * data the markup was rendered with) for the browser, and preload hints so the browser fetches the
 * area's files in parallel with the shell's instead of one after another.
 */
export function composePage(
  template: string,
  {
    rootHtml,
    state,
    preloads,
    firstUseLoader,
    view,
    title,
  }: {
    rootHtml: string;
    state: PageState;
    preloads: readonly PagePreload[];
    /**
     * The loader's path when the page runs no code until the visitor uses it (first-use-loader.ts): the shell's
     * scripts and the preloads move into a first-use block that the loader reads.
     */
    firstUseLoader?: string;
    /** The creator's page view the loader reports as the page opens (see `FirstUsePlan.view`). */
    view?: FirstUsePlan['view'];
    /** The page's own title (from its server render), in place of the template's. */
    title?: string;
  },
): string {
  const titled = title
    ? template.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeText(title.slice(0, 300))}</title>`)
    : template;
  if (!firstUseLoader) return finish(titled, preloadHints(preloads), rootHtml, state);
  const plan: FirstUsePlan = {
    scripts: [],
    preloads: preloads.map(({ href, as }) => ({ href, as })),
    ...(view ? { view } : {}),
  };
  const html = titled.replace(SCRIPT_TAG, (_tag, src: string) => {
    plan.scripts.push(src.replace(/&amp;/g, '&'));
    return '';
  });
  const planScript = `<script id="${FIRST_USE_ELEMENT_ID}" type="application/json">${JSON.stringify(plan).replace(/</g, '\\u003c')}</script>`;
  return finish(html, `${planScript}<script defer src="${escapeAttribute(firstUseLoader)}"></script>`, rootHtml, state);
}

function preloadHints(preloads: readonly PagePreload[]): string {
  return preloads
    .map((p) =>
      p.as === 'fetch'
        ? `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(p.href)}">`
        : `<link rel="preload" as="script" href="${escapeAttribute(p.href)}">`,
    )
    .join('');
}

/** The style elements emotion renders beside the markup that uses them (`<style data-emotion="css 1a2b">`). */
const EMOTION_STYLE = /<style\b[^>]*\bdata-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/gi;

/**
 * Emotion's style elements, moved from the markup to the end of the head in the same order. In the body, each one
 * makes the browser recompute the page's styles as it parses, and a part of the page painted before the styles and
 * elements that follow it grows when they arrive (a layout shift); in the head the page is styled once, before its
 * first paint. Emotion's own code moves them to the head too, before hydrating, and finds them there by their ids.
 */
function hoistStyles(rootHtml: string): { markup: string; styles: string } {
  let styles = '';
  const markup = rootHtml.replace(EMOTION_STYLE, (tag) => {
    styles += tag;
    return '';
  });
  return { markup, styles };
}

/** The page: `head` before </head>, the markup in #root and the page state after it. */
function finish(template: string, pageHead: string, rootHtml: string, state: PageState): string {
  let html = template;
  const stateScript = `<script id="${PAGE_STATE_ELEMENT_ID}" type="application/json">${serializePageState(state)}</script>`;
  const { markup, styles } = hoistStyles(rootHtml);
  const head = `${styles}${pageHead}`;
  if (head) html = /<\/head>/i.test(html) ? html.replace(/<\/head>/i, () => `${head}</head>`) : `${head}${html}`;
  const root = `<div id="root">${markup}</div>${stateScript}`;
  // A function replacement: "$&" in rendered text must not be read as a replacement pattern.
  return html.includes(ROOT) ? html.replace(ROOT, () => root) : html.replace(/<\/body>/i, () => `${root}</body>`);
}
