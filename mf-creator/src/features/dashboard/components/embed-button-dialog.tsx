import { useId, useState } from 'react';
import {
  DEFAULT_EMBED_COLOR,
  DEFAULT_EMBED_TEXT,
  EMBED_POSITION_LABELS,
  EMBED_POSITIONS,
  EMBED_TEXT_MAX,
  embedButtonStyle,
  embedLinkSnippet,
  embedScriptSnippet,
  embedTextProblem,
  isEmbedPosition,
  normalizeEmbedColor,
  type EmbedOptions,
  type EmbedPosition,
} from '@beabro/shared/embed/embed-options';
import { Button } from '@beabro/shared/ui/button';
import { Modal } from '@beabro/shared/ui/modal';
import { SelectField } from '@beabro/shared/ui/select-field';
import { inputStyle, TextField } from '@beabro/shared/ui/text-field';
import { TextLink } from '../../../components/text-link';
import { paths } from '@beabro/shared/contract/paths';
import { siteOrigin } from '../../../lib/public-profile-url';
import { useCopyText } from '../hooks/use-copy-text';

const COLOR_MESSAGE = 'Enter a colour as # and 6 hexadecimal digits, for example #4f46e5.';

const POSITION_OPTIONS = EMBED_POSITIONS.map((value) => ({ value, label: EMBED_POSITION_LABELS[value] }));

/** One snippet: the code to paste, and its copy button with a visible outcome. */
function SnippetField({
  label,
  hint,
  code,
  copyLabel,
}: {
  label: string;
  hint: string;
  code: string;
  copyLabel: string;
}) {
  const id = useId();
  const { outcome, copy } = useCopyText();
  return (
    <div css={{ display: 'grid', gap: '0.375rem', minWidth: 0 }}>
      <label htmlFor={id} css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}>
        {label}
      </label>
      <p id={`${id}-hint`} css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
        {hint}
      </p>
      <textarea
        id={id}
        readOnly
        rows={3}
        value={code}
        aria-describedby={`${id}-hint`}
        onFocus={(event) => event.currentTarget.select()}
        css={(theme) => [
          inputStyle(theme, false),
          {
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: theme.font.size.sm,
            resize: 'vertical',
            wordBreak: 'break-all',
          },
        ]}
      />
      <div css={{ display: 'flex', alignItems: 'center', gap: '0.75rem', flexWrap: 'wrap' }}>
        <Button variant="secondary" size="sm" onClick={() => void copy(code)}>
          {copyLabel}
        </Button>
        <span
          role="status"
          css={(theme) => ({
            fontSize: theme.font.size.sm,
            fontWeight: theme.font.weight.medium,
            color: outcome === 'failed' ? theme.color.danger : theme.color.success,
          })}
        >
          {outcome === 'copied'
            ? 'Copied to your clipboard.'
            : outcome === 'failed'
              ? 'Your browser did not let us copy: select the code and copy it yourself.'
              : ''}
        </span>
      </div>
    </div>
  );
}

/** The button as /embed.js draws it (same style function), inside a small stand-in page. */
function ButtonPreview({ options }: { options: EmbedOptions }) {
  const style = embedButtonStyle(options.color, options.position);
  // In the stand-in page a floating button sits in its corner rather than in the dashboard's.
  if (style.position === 'fixed') style.position = 'absolute';
  return (
    <figure css={{ margin: 0, display: 'grid', gap: '0.375rem' }}>
      <figcaption css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}>
        Preview
      </figcaption>
      <div
        css={(theme) => ({
          position: 'relative',
          minHeight: '9rem',
          padding: theme.space(4),
          paddingBottom: options.position === 'inline' ? theme.space(4) : '4.5rem',
          border: `1px dashed ${theme.color.borderStrong}`,
          borderRadius: theme.radius.md,
          background: theme.color.surfaceMuted,
          fontSize: theme.font.size.sm,
          color: theme.color.textMuted,
        })}
      >
        <p css={{ margin: '0 0 0.75rem' }}>
          {options.position === 'inline'
            ? 'Your page’s text, then the button where you paste the snippet:'
            : 'Your page, with the button floating in its corner.'}
        </p>
        {/* Shown, not used: the real button on your site opens your checkout. */}
        <span role="img" aria-label={`Preview of the button: ${options.text}`} style={style}>
          <span aria-hidden="true">{options.text}</span>
        </span>
      </div>
    </figure>
  );
}

/** "Add to your website": the options of the embeddable button, a live preview and the two snippets to copy. */
export function EmbedButtonDialog({
  open,
  onClose,
  username,
}: {
  open: boolean;
  onClose: () => void;
  username: string;
}) {
  const [text, setText] = useState(DEFAULT_EMBED_TEXT);
  const [color, setColor] = useState(DEFAULT_EMBED_COLOR);
  const [position, setPosition] = useState<EmbedPosition>('bottom-right');

  const textError = embedTextProblem(text) ?? undefined;
  const normalizedColor = normalizeEmbedColor(color);
  const colorError = normalizedColor ? undefined : COLOR_MESSAGE;
  const options: EmbedOptions | null =
    !textError && normalizedColor ? { username, text: text.trim(), color: normalizedColor, position } : null;
  const origin = siteOrigin();

  return (
    <Modal
      open={open}
      title="Add a support button to your website"
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <p
        css={(theme) => ({
          margin: `0 0 ${theme.space(4)}`,
          color: theme.color.textMuted,
          fontSize: theme.font.size.sm,
        })}
      >
        Paste one line into any website: visitors click the button and support you without leaving it. Style it here.
      </p>
      <div
        css={(theme) => ({
          display: 'grid',
          gap: theme.space(5),
          [theme.breakpoint.md]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
        })}
      >
        <div css={(theme) => ({ display: 'grid', gap: theme.space(4), alignContent: 'start', minWidth: 0 })}>
          <TextField
            label="Button text"
            value={text}
            maxLength={EMBED_TEXT_MAX + 20}
            onChange={(event) => setText(event.target.value)}
            error={textError}
            aside={`${text.trim().length}/${EMBED_TEXT_MAX}`}
          />
          <div css={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-start' }}>
            <div css={{ flex: 1, minWidth: 0 }}>
              <TextField
                label="Button colour"
                value={color}
                onChange={(event) => setColor(event.target.value)}
                error={colorError}
                spellCheck={false}
              />
            </div>
            <input
              type="color"
              aria-label="Pick the button colour"
              value={normalizedColor ?? DEFAULT_EMBED_COLOR}
              onChange={(event) => setColor(event.target.value)}
              css={(theme) => ({
                marginTop: '1.6rem',
                width: '2.75rem',
                height: '2.6rem',
                padding: '2px',
                border: `1px solid ${theme.color.borderStrong}`,
                borderRadius: theme.radius.md,
                background: theme.color.surface,
                cursor: 'pointer',
              })}
            />
          </div>
          <SelectField
            label="Position"
            value={position}
            options={POSITION_OPTIONS}
            onChange={(event) => {
              if (isEmbedPosition(event.target.value)) setPosition(event.target.value);
            }}
          />
          {options ? (
            <ButtonPreview options={options} />
          ) : (
            <p role="note" css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.danger })}>
              Fix the fields above to see your button and get its code.
            </p>
          )}
        </div>
        <div css={(theme) => ({ display: 'grid', gap: theme.space(4), alignContent: 'start', minWidth: 0 })}>
          {options ? (
            <>
              <SnippetField
                label="Button snippet"
                hint="Paste it into your site’s HTML where the button should go (anywhere for a floating button)."
                code={embedScriptSnippet(origin, options)}
                copyLabel="Copy button code"
              />
              <SnippetField
                label="Plain link"
                hint="For sites that do not allow scripts: a link to your support page."
                code={embedLinkSnippet(origin, options)}
                copyLabel="Copy link code"
              />
            </>
          ) : null}
          <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
            Does your site send a Content-Security-Policy? Add <code>{origin}</code> to its <code>script-src</code> and{' '}
            <code>frame-src</code>. <TextLink to={paths.helpSearch('embed')}>How the button works</TextLink>
          </p>
        </div>
      </div>
    </Modal>
  );
}
