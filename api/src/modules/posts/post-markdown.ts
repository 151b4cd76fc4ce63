import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { EmailRichBlock, EmailSpan } from '../email/email-template';
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
 * The body as an email's blocks: paragraphs, headings, list items (with their marker), quotes and code, made of
 * spans that keep bold, italic, code and links (http(s) and mailto only; anything else stays text); images are left
 * out. The email's HTML part shows them formatted (React escapes every span), its text part writes each link's
 * address out after it.
 */
export function postEmailBlocks(markdown: string): EmailRichBlock[] {
  const tokens = renderer.parse(markdown, {});
  const blocks: EmailRichBlock[] = [];
  let listDepth = 0;
  let quoteDepth = 0;
  let heading = false;
  let marker: string | undefined;
  for (const token of tokens) {
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open':
        listDepth++;
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        listDepth--;
        break;
      case 'list_item_open':
        marker = token.info ? `${token.info}. ` : '• ';
        break;
      case 'blockquote_open':
        quoteDepth++;
        break;
      case 'blockquote_close':
        quoteDepth--;
        break;
      case 'heading_open':
        heading = true;
        break;
      case 'heading_close':
        heading = false;
        break;
    }
    const indent = Math.max(0, listDepth - 1);
    const place = { ...(marker ? { marker } : {}), ...(indent ? { indent } : {}) };
    if (token.type === 'fence' || token.type === 'code_block') {
      const code = token.content.replace(/\n+$/, '');
      if (code) blocks.push({ rich: [{ text: code }], as: 'code', ...place });
      marker = undefined;
    }
    if (token.type !== 'inline') continue;
    const spans = inlineSpans(token.children ?? []);
    if (spans.length === 0) continue;
    blocks.push({ rich: spans, as: quoteDepth > 0 ? 'quote' : heading ? 'heading' : 'paragraph', ...place });
    marker = undefined;
  }
  return blocks;
}

/** The spans of an inline token: its text with the formatting in force, trimmed at both ends; images left out. */
function inlineSpans(children: readonly Token[]): EmailSpan[] {
  const spans: EmailSpan[] = [];
  let strong = 0;
  let em = 0;
  let href: string | null = null;
  const add = (text: string, code = false) => {
    const span: EmailSpan = {
      text,
      ...(strong ? { strong: true } : {}),
      ...(em ? { em: true } : {}),
      ...(code ? { code: true } : {}),
      ...(href ? { href } : {}),
    };
    const last = spans.at(-1);
    // Runs with the same formatting become one span.
    if (last && !code && !last.code && last.strong === span.strong && last.em === span.em && last.href === span.href)
      last.text += text;
    else spans.push(span);
  };
  for (const child of children) {
    if (child.type === 'text') add(child.content);
    else if (child.type === 'code_inline') add(child.content, true);
    else if (child.type === 'softbreak') add(' ');
    else if (child.type === 'hardbreak') add('\n');
    else if (child.type === 'strong_open') strong++;
    else if (child.type === 'strong_close') strong--;
    else if (child.type === 'em_open') em++;
    else if (child.type === 'em_close') em--;
    else if (child.type === 'link_open') {
      const target = child.attrGet('href') ?? '';
      href = SAFE_LINK.test(target) ? target : null;
    } else if (child.type === 'link_close') href = null;
  }
  const first = spans[0];
  if (first) first.text = first.text.trimStart();
  const last = spans.at(-1);
  if (last) last.text = last.text.trimEnd();
  return spans.filter((span) => span.text !== '');
}
