import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { STORED_IMAGE_NAME } from '../images/images-service';

/*
 * Posts are written in a safe subset of Markdown and rendered to HTML here, on the server, when saved.
 *
 * Why markdown-it: it is maintained, CommonMark-compliant, has no dependency on a DOM (a sanitizer such as
 * DOMPurify needs jsdom on the server), and with `html: false` it never passes raw HTML through: every `<`
 * a creator types comes out as `&lt;`, and every attribute it writes is escaped. So the output is safe by
 * construction rather than cleaned afterwards. On top of that the subset is narrowed by configuration:
 * - rules not in the subset are disabled (tables, strikethrough, horizontal rules, raw HTML);
 * - links only to http, https and mailto URLs (`validateLink`), rendered with rel="nofollow ugc noopener";
 * - images only from our own post image upload (`/uploads/<random name>`); the service refuses any other
 *   image with a field message before saving (imageSources below), and the renderer drops one that slipped by;
 * - headings h2 to h4 only (a `#` heading becomes h2, `#####` and `######` h4): the page owns h1.
 * Each image gets the width and height recorded at its upload (so the page does not move while it loads; the
 * post view's CSS keeps it responsive), and loading="lazy" decoding="async".
 * The tests (post-markdown.test.ts) try script tags, javascript: and data: URLs, event handlers and images
 * from elsewhere.
 */

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;
const UPLOAD_PREFIX = '/uploads/';

/** A post image's size in pixels, as stored at its upload. */
export interface PostImageSize {
  width: number;
  height: number;
}

/** Post image sizes by file name: what the renderer writes on each <img> (an image not in it goes without). */
export type PostImageSizes = ReadonlyMap<string, PostImageSize | null>;

interface RenderEnv {
  imageSizes: PostImageSizes;
}

/** A post image's URL as POST /api/creator/posts/images returns it; its file name when it is one. */
export function postImageName(src: string): string | null {
  if (!src.startsWith(UPLOAD_PREFIX)) return null;
  const name = src.slice(UPLOAD_PREFIX.length);
  return STORED_IMAGE_NAME.test(name) ? name : null;
}

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false, breaks: false });
  md.disable(['hr', 'html_block', 'html_inline']);
  // Links: http(s) and mailto only; images: our uploads only (the same function checks both).
  md.validateLink = (url: string) => SAFE_LINK.test(url.trim()) || postImageName(url.trim()) !== null;
  md.core.ruler.push('post_subset', (state) => {
    for (const token of state.tokens) {
      if (token.type === 'heading_open' || token.type === 'heading_close') {
        const level = Number(token.tag.slice(1));
        token.tag = `h${Math.min(4, Math.max(2, level))}`;
      }
      for (const child of token.children ?? []) {
        if (child.type === 'link_open') {
          const href = child.attrGet('href') ?? '';
          if (!SAFE_LINK.test(href)) child.attrSet('href', '#');
          child.attrSet('rel', 'nofollow ugc noopener');
        }
      }
    }
  });
  const renderImage = md.renderer.rules.image;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const name = token ? postImageName(token.attrGet('src') ?? '') : null;
    if (!token || name === null) return '';
    const size = (env as RenderEnv | undefined)?.imageSizes.get(name);
    if (size) {
      token.attrSet('width', String(size.width));
      token.attrSet('height', String(size.height));
    }
    token.attrSet('loading', 'lazy');
    token.attrSet('decoding', 'async');
    return renderImage ? renderImage(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
  return md;
}

const renderer = createRenderer();

export interface RenderedPost {
  html: string;
  /** Plain text, at most EXCERPT_MAX_LENGTH characters. */
  excerpt: string;
  /** Every image source the Markdown asked for (ours or not): the service refuses any that is not ours. */
  imageSources: string[];
}

export const EXCERPT_MAX_LENGTH = 200;

function inlineText(children: readonly Token[]): string {
  return children
    .map((child) => {
      if (child.type === 'text' || child.type === 'code_inline') return child.content;
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      if (child.type === 'image') return '';
      return '';
    })
    .join('');
}

/** The text of each block (paragraph, heading, list item's paragraph, code), in order. */
function blockTexts(tokens: readonly Token[]): string[] {
  const texts: string[] = [];
  for (const token of tokens) {
    if (token.type === 'inline') texts.push(inlineText(token.children ?? []));
    else if (token.type === 'fence' || token.type === 'code_block') texts.push(token.content.replace(/\n+$/, ''));
  }
  return texts.map((t) => t.trim()).filter(Boolean);
}

function collectImageSources(tokens: readonly Token[]): string[] {
  const sources: string[] = [];
  for (const token of tokens)
    for (const child of token.children ?? []) if (child.type === 'image') sources.push(child.attrGet('src') ?? '');
  return sources;
}

/** Cuts at a word boundary, with an ellipsis, when the text is longer than `max`. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Every image source the Markdown asks for, ours or not. Images whose URL validateLink refused are plain text
 * to the renderer, so they are found here by parsing with every URL allowed: the service refuses them with a
 * field message rather than dropping them.
 */
export function postImageSources(markdown: string): string[] {
  return collectImageSources(permissive.parse(markdown, {}));
}

/**
 * Markdown as a creator typed it to sanitized HTML, its plain-text excerpt, and the images it asks for.
 * Images that are not ours are not rendered; ours get their size from `imageSizes` when it is known there.
 * A link to anything else than http(s) or mailto stays text.
 */
export function renderPostMarkdown(markdown: string, imageSizes: PostImageSizes = new Map()): RenderedPost {
  const tokens = renderer.parse(markdown, {});
  const env: RenderEnv = { imageSizes };
  const html = renderer.renderer.render(tokens, renderer.options, env);
  const text = blockTexts(tokens).join(' ').replace(/\s+/g, ' ').trim();
  return { html, excerpt: truncateText(text, EXCERPT_MAX_LENGTH), imageSources: postImageSources(markdown) };
}

/** Parses like the renderer, but accepts every URL: used only to find the images a body asks for. */
const permissive = (() => {
  const md = new MarkdownIt('commonmark', { html: false });
  md.validateLink = () => true;
  return md;
})();

/**
 * The body as plain-text paragraphs for the text part of an email (and its HTML part, as paragraphs): each
 * block's text, links written out as "text (url)", images left out.
 */
export function postPlainParagraphs(markdown: string): string[] {
  const tokens = renderer.parse(markdown, {});
  const paragraphs: string[] = [];
  let prefix = '';
  for (const token of tokens) {
    if (token.type === 'list_item_open') prefix = token.info ? `${token.info}. ` : '• ';
    if (token.type === 'fence' || token.type === 'code_block') paragraphs.push(token.content.replace(/\n+$/, ''));
    if (token.type !== 'inline') continue;
    let text = '';
    let href: string | null = null;
    for (const child of token.children ?? []) {
      if (child.type === 'text' || child.type === 'code_inline') text += child.content;
      else if (child.type === 'softbreak') text += ' ';
      else if (child.type === 'hardbreak') text += '\n';
      else if (child.type === 'link_open') href = child.attrGet('href');
      else if (child.type === 'link_close' && href) {
        if (SAFE_LINK.test(href)) text += ` (${href.replace(/^mailto:/i, '')})`;
        href = null;
      }
    }
    const trimmed = text.trim();
    if (trimmed) paragraphs.push(`${prefix}${trimmed}`);
    prefix = '';
  }
  return paragraphs;
}
