/** @jsxImportSource react */
/** @jsxRuntime automatic */
// The react-email components one by one: the @react-email/components bundle also loads Tailwind,
// Prettier, Prism and Marked, seconds of start-up for the API and every job command.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

/** A run of text in a formatted block: bold, italic, code, or the text of a link (http(s) or mailto only). */
export interface EmailSpan {
  text: string;
  strong?: boolean;
  em?: boolean;
  code?: boolean;
  href?: string;
}

/**
 * Text with formatting (what a post's Markdown becomes): a paragraph, a heading, a quoted paragraph or code, made of
 * spans of plain text; a list item is a paragraph with its marker ("• ", "2. ") and `indent` for its depth.
 */
export interface EmailRichBlock {
  rich: EmailSpan[];
  as: 'paragraph' | 'heading' | 'quote' | 'code';
  marker?: string;
  indent?: number;
}

/** A paragraph, a table of "label: value" rows, someone's words quoted, a muted note (e.g. test mode), or rich text. */
export type EmailBlock =
  | string
  | { details: ReadonlyArray<readonly [string, string]> }
  | { quote: string; by: string }
  | { note: string }
  | EmailRichBlock;

export interface EmailContent {
  /** The title inside the email, usually the subject. */
  heading: string;
  /** Paragraphs, tables and quotes, in order. Plain text: React escapes it in the HTML part. */
  blocks: EmailBlock[];
  /** One call to action: a button in HTML (with the address written out under it), "label: url" in text. */
  action?: { label: string; url: string };
  /** A second, lesser choice after the action: a link in HTML, "label: url" in text. */
  secondaryAction?: { label: string; url: string };
  /** Small print after the action. */
  footer?: string[];
  /** Why the recipient got this email (a receipt, a notification they chose, their account's security). */
  reason: string;
  /** For notification emails: where to turn them off. */
  notificationSettingsUrl?: string;
}

export interface RenderedEmail {
  text: string;
  html: string;
}

export const BRAND_NAME = 'Be a Bro';
const TAGLINE = 'Direct support for people building something';

/*
 * Colours: the site's tokens on light clients. Dark clients that honour prefers-color-scheme get the
 * classes below; clients that invert colours themselves (Gmail apps, Outlook) get mid-tone brand
 * colours and a white-on-indigo button that stay readable inverted.
 */
// The site's tokens (shared/src/theme/theme.ts; not imported: it augments emotion's types, which the API does not have).
const C = {
  page: '#f3f4f6',
  card: '#ffffff',
  text: '#111827',
  muted: '#4b5563',
  brand: '#4f46e5',
  border: '#e5e7eb',
  soft: '#eef2ff',
};

const DARK_MODE_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .bab-page, .bab-page > table > tbody > tr > td { background-color: #0b1020 !important; }
  .bab-card { background-color: #111827 !important; border-color: #374151 !important; }
  .bab-text { color: #f9fafb !important; }
  .bab-muted { color: #d1d5db !important; }
  .bab-brand { color: #a5b4fc !important; }
  .bab-quote { background-color: #1e1b4b !important; border-color: #818cf8 !important; color: #f9fafb !important; }
  .bab-button { background-color: #6366f1 !important; color: #ffffff !important; }
  .bab-rule { border-color: #374151 !important; }
}
[data-ogsc] .bab-text { color: #f9fafb !important; }
[data-ogsc] .bab-muted { color: #d1d5db !important; }
[data-ogsc] .bab-brand { color: #a5b4fc !important; }
[data-ogsb] .bab-page, [data-ogsb] .bab-page > table > tbody > tr > td { background-color: #0b1020 !important; }
[data-ogsb] .bab-card { background-color: #111827 !important; }
@media only screen and (max-width: 600px) {
  .bab-card { padding: 24px 18px !important; }
}
`;

const font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const paragraphStyle = { margin: '0 0 14px', fontSize: '16px', lineHeight: '24px', color: C.text };
const smallStyle = { margin: '0 0 10px', fontSize: '13px', lineHeight: '20px', color: C.muted };

/** Keeps the line breaks of a paragraph (React would collapse them) without any markup from the text. */
function Lines({ text }: { text: string }) {
  const lines = text.split('\n');
  return lines.map((line, i) => (i === 0 ? line : [<br key={`br${i}`} />, line]));
}

const monospace = "ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace";

function Span({ span }: { span: EmailSpan }) {
  let node: ReactNode = <Lines text={span.text} />;
  if (span.code)
    node = (
      <code style={{ fontFamily: monospace, fontSize: '14px', backgroundColor: C.soft, borderRadius: '3px' }}>
        {node}
      </code>
    );
  if (span.em) node = <em>{node}</em>;
  if (span.strong) node = <strong>{node}</strong>;
  if (span.href)
    node = (
      <Link className="bab-brand" href={span.href} style={{ color: C.brand, textDecoration: 'underline' }}>
        {node}
      </Link>
    );
  return node;
}

function RichBlock({ block }: { block: EmailRichBlock }) {
  const spans = block.rich.map((span, i) => <Span key={i} span={span} />);
  if (block.as === 'code') {
    return (
      <Text
        className="bab-quote"
        style={{
          ...paragraphStyle,
          fontFamily: monospace,
          fontSize: '14px',
          lineHeight: '20px',
          whiteSpace: 'pre-wrap',
          padding: '12px 16px',
          backgroundColor: C.soft,
          borderRadius: '4px',
        }}
      >
        {spans}
      </Text>
    );
  }
  const style =
    block.as === 'heading'
      ? { ...paragraphStyle, margin: '20px 0 10px', fontSize: '18px', lineHeight: '26px', fontWeight: 700 }
      : block.as === 'quote'
        ? { ...paragraphStyle, padding: '2px 0 2px 14px', borderLeft: `4px solid ${C.brand}`, color: C.muted }
        : paragraphStyle;
  return (
    <Text
      className={block.as === 'quote' ? 'bab-muted' : 'bab-text'}
      style={{ ...style, ...(block.indent ? { paddingLeft: `${block.indent * 20}px` } : {}) }}
    >
      {block.marker ?? null}
      {spans}
    </Text>
  );
}

function Block({ block }: { block: EmailBlock }) {
  if (typeof block !== 'string' && 'rich' in block) return <RichBlock block={block} />;
  if (typeof block === 'string') {
    return (
      <Text className="bab-text" style={paragraphStyle}>
        <Lines text={block} />
      </Text>
    );
  }
  if ('details' in block) {
    return (
      <table
        role="presentation"
        cellPadding={0}
        cellSpacing={0}
        border={0}
        style={{ borderCollapse: 'collapse', margin: '0 0 16px', width: '100%' }}
      >
        <tbody>
          {block.details.map(([label, value], i) => (
            <tr key={i}>
              <td
                className="bab-muted"
                style={{
                  padding: '4px 12px 4px 0',
                  fontSize: '14px',
                  lineHeight: '20px',
                  color: C.muted,
                  verticalAlign: 'top',
                }}
              >
                {label}
              </td>
              <td
                className="bab-text"
                style={{
                  padding: '4px 0',
                  fontSize: '14px',
                  lineHeight: '20px',
                  color: C.text,
                  textAlign: 'right',
                  verticalAlign: 'top',
                }}
              >
                {value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if ('quote' in block) {
    return (
      <>
        <Text className="bab-muted" style={{ ...paragraphStyle, margin: '0 0 6px', color: C.muted, fontSize: '14px' }}>
          {block.by}
        </Text>
        <Text
          className="bab-quote"
          style={{
            ...paragraphStyle,
            padding: '12px 16px',
            backgroundColor: C.soft,
            borderLeft: `4px solid ${C.brand}`,
            borderRadius: '4px',
          }}
        >
          <Lines text={`“${block.quote}”`} />
        </Text>
      </>
    );
  }
  return (
    <Text className="bab-muted" style={{ ...smallStyle, fontStyle: 'italic' }}>
      {block.note}
    </Text>
  );
}

/** The text of a paragraph (plain, or rich of kind paragraph) for the preview line; null for anything else. */
function paragraphText(block: EmailBlock): string | null {
  if (typeof block === 'string') return block;
  if ('rich' in block && block.as === 'paragraph') return block.rich.map((span) => span.text).join('');
  return null;
}

function EmailLayout({ content }: { content: EmailContent }) {
  const { heading, blocks, action, secondaryAction, footer = [], reason, notificationSettingsUrl } = content;
  const firstParagraph = blocks.map(paragraphText).find((text) => text !== null);
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{heading}</title>
        <style>{DARK_MODE_CSS}</style>
      </Head>
      {firstParagraph ? <Preview>{firstParagraph.slice(0, 140)}</Preview> : null}
      {/* Body puts its style on an inner cell with no class: the dark rules reach that cell through .bab-page > table. */}
      <Body className="bab-page" style={{ margin: 0, padding: '24px 12px', backgroundColor: C.page, fontFamily: font }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto' }}>
          <Section style={{ padding: '0 8px 16px' }}>
            <Text
              className="bab-brand"
              style={{
                margin: 0,
                fontSize: '22px',
                lineHeight: '28px',
                fontWeight: 800,
                letterSpacing: '-0.5px',
                color: C.brand,
              }}
            >
              {BRAND_NAME}
            </Text>
          </Section>
          <Section
            className="bab-card"
            style={{
              backgroundColor: C.card,
              border: `1px solid ${C.border}`,
              borderRadius: '12px',
              padding: '32px 28px',
            }}
          >
            <Heading
              as="h1"
              className="bab-text"
              style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '30px', fontWeight: 700, color: C.text }}
            >
              {heading}
            </Heading>
            {blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
            {action ? (
              <Section style={{ margin: '24px 0 8px' }}>
                <Button
                  className="bab-button"
                  href={action.url}
                  style={{
                    display: 'inline-block',
                    padding: '12px 20px',
                    borderRadius: '8px',
                    backgroundColor: C.brand,
                    color: '#ffffff',
                    fontSize: '16px',
                    fontWeight: 600,
                    textDecoration: 'none',
                  }}
                >
                  {action.label}
                </Button>
                <Text className="bab-muted" style={{ ...smallStyle, margin: '12px 0 0', wordBreak: 'break-all' }}>
                  {'Or open this link: '}
                  <Link className="bab-brand" href={action.url} style={{ color: C.brand }}>
                    {action.url}
                  </Link>
                </Text>
                {secondaryAction ? (
                  <Text className="bab-text" style={{ ...smallStyle, margin: '16px 0 0', color: C.text }}>
                    <Link
                      className="bab-brand"
                      href={secondaryAction.url}
                      style={{ color: C.brand, fontWeight: 600, textDecoration: 'underline' }}
                    >
                      {secondaryAction.label}
                    </Link>
                  </Text>
                ) : null}
              </Section>
            ) : null}
            {footer.length > 0 ? (
              <Hr className="bab-rule" style={{ borderColor: C.border, margin: '20px 0 16px' }} />
            ) : null}
            {footer.map((line, i) => (
              <Text key={i} className="bab-muted" style={smallStyle}>
                <Lines text={line} />
              </Text>
            ))}
          </Section>
          <Section style={{ padding: '16px 8px 0' }}>
            <Text className="bab-muted" style={{ ...smallStyle, fontSize: '12px', lineHeight: '18px' }}>
              {`${BRAND_NAME}: ${TAGLINE.toLowerCase()}. ${reason}`}
            </Text>
            {notificationSettingsUrl ? (
              <Text className="bab-muted" style={{ ...smallStyle, fontSize: '12px', lineHeight: '18px' }}>
                {'You can turn these emails off in your '}
                <Link
                  className="bab-brand"
                  href={notificationSettingsUrl}
                  style={{ color: C.brand, textDecoration: 'underline' }}
                >
                  notification settings
                </Link>
                {'.'}
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A rich block in the text part: its marker and text, each link's address written out after it. */
function richText(block: EmailRichBlock): string {
  const text = block.rich
    .map((span) => (span.href ? `${span.text} (${span.href.replace(/^mailto:/i, '')})` : span.text))
    .join('');
  return `${'  '.repeat(block.indent ?? 0)}${block.marker ?? ''}${text}`;
}

function blockText(block: EmailBlock): string {
  if (typeof block === 'string') return block;
  if ('rich' in block) return richText(block);
  if ('details' in block) return block.details.map(([label, value]) => `${label}: ${value}`).join('\n');
  if ('quote' in block) return `${block.by} "${block.quote}"`;
  return block.note;
}

/** The text part: the same content, readable on its own, every link written out. */
export function emailText(content: EmailContent): string {
  const parts = [content.heading, ...content.blocks.map(blockText)];
  if (content.action) parts.push(`${content.action.label}: ${content.action.url}`);
  if (content.secondaryAction) parts.push(`${content.secondaryAction.label}: ${content.secondaryAction.url}`);
  parts.push(...(content.footer ?? []));
  const signature = ['-- ', BRAND_NAME, content.reason];
  if (content.notificationSettingsUrl)
    signature.push(`Turn these emails off in your notification settings: ${content.notificationSettingsUrl}`);
  return [...parts, signature.join('\n')].join('\n\n');
}

const HTTP_URL = /^https?:\/\//i;
const TEXT_LINK = /^(https?:\/\/|mailto:)/i;

function checkLinks(content: EmailContent) {
  for (const url of [content.action?.url, content.secondaryAction?.url, content.notificationSettingsUrl]) {
    if (url !== undefined && !HTTP_URL.test(url)) throw new Error(`email links must be http(s) URLs: ${url}`);
  }
  for (const block of content.blocks) {
    if (typeof block === 'string' || !('rich' in block)) continue;
    for (const { href } of block.rich) {
      if (href !== undefined && !TEXT_LINK.test(href))
        throw new Error(`links in text must be http(s) or mailto: ${href}`);
    }
  }
}

/** What email clients expect before the table-based markup (the doctype react-email's own renderer writes). */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The one look of every email (react-email components, rendered to table-based, inline-styled HTML
 * with a dark-mode block) and its plain-text part. Everything given is text: React escapes it.
 */
export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  checkLinks(content);
  // React's synchronous static renderer, loaded on the first email: the components never suspend, and
  // @react-email/render's streaming render (with html-to-text and Prettier loaded) took about twice the CPU.
  const { renderToStaticMarkup } = await import('react-dom/server');
  const html = `${XHTML_DOCTYPE}${renderToStaticMarkup(<EmailLayout content={content} />)}`;
  return { text: emailText(content), html };
}

/** An email ready for the outbox (an OutgoingEmail of email-outbox.ts, which builds on this file's types). */
type ComposedEmail = {
  kind: string;
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  content: EmailContent;
};

/**
 * An outbox email with the given kind, key, recipient and subject: its text part now, its HTML part later,
 * rendered from `content` by the sender (renderEmail), so the request that queues it does not pay for it.
 * Links are checked here already, so a bad one fails the change that queues the email.
 */
export async function composeEmail(
  email: { kind: string; dedupeKey: string; to: string; subject: string },
  content: EmailContent,
): Promise<ComposedEmail> {
  return { ...email, ...emailParts(content) };
}

/** The parts of an outbox email made from `content`: its text now, and what its HTML is rendered from later. */
export function emailParts(content: EmailContent): { text: string; content: EmailContent } {
  checkLinks(content);
  return { text: emailText(content), content };
}

/** The HTML part of an outbox row: stored once sent, otherwise rendered from its content (null: text only). */
export async function outboxHtml(row: { htmlBody: string | null; content: unknown }): Promise<string | null> {
  if (row.htmlBody !== null) return row.htmlBody;
  if (row.content === null || row.content === undefined) return null;
  return (await renderEmail(row.content as EmailContent)).html;
}

const trimOrigin = (origin: string) => origin.replace(/\/+$/, '');

/** Where a creator turns notification emails off. */
export const notificationSettingsUrl = (origin: string) => `${trimOrigin(origin)}/settings?tab=notifications`;

/** The footers that say why someone got an email. */
export const EMAIL_REASONS = {
  supporter: (creatorDisplayName: string) =>
    `You are receiving this email because you supported ${creatorDisplayName} with this address.`,
  creatorNotification:
    'You are receiving this email because you have a creator page on Be a Bro and these notifications are on.',
  creatorAccount: 'You are receiving this email about your Be a Bro creator account.',
  accountSecurity: 'You are receiving this email about the security of your Be a Bro account.',
  accountAddress: 'You are receiving this email because this address was given for a Be a Bro account.',
  helpContact: 'You are receiving this email because this address was given on the Be a Bro help contact form.',
  supportInbox: 'Sent by the help contact form of Be a Bro.',
} as const;
