import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useDeleteProfileImage } from '@beabro/shared/api/delete-profile-image';
import { useUploadProfileImage } from '@beabro/shared/api/upload-profile-image';
import {
  CREATOR_PROFILE_MESSAGES,
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  type ImageKind,
} from '@beabro/shared/api-schemas/creator-profile';
import { buttonStyle, Button } from '@beabro/shared/ui/button';
import { SaveStatus, IDLE, type SaveState } from '../../../components/save-status';
import { apiFieldErrors, errorMessage } from '../../../lib/error-message';

const LABELS: Record<ImageKind, { title: string; hint: string }> = {
  profile: {
    title: 'Profile image',
    hint: 'Square works best, at least 400 × 400 pixels. PNG, JPEG or WebP, up to 5 MB.',
  },
  cover: {
    title: 'Cover image',
    hint: 'Shown across the top of your page; about 1500 × 500 pixels works best. PNG, JPEG or WebP, up to 5 MB.',
  },
};

const ACCEPTED_TYPES = IMAGE_ACCEPT.split(',');

function objectUrl(file: File): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/**
 * One image of the creator page: a preview, "Upload image" (the chosen file shows at once and is uploaded
 * straight away) and "Remove". The server checks the file's content; the type and size are checked here
 * first only to save a pointless upload.
 */
export function ImageField({
  kind,
  currentUrl,
  initials,
}: {
  kind: ImageKind;
  currentUrl: string | null;
  initials: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();
  const remove = useDeleteProfileImage();
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>(IDLE);
  const [error, setError] = useState<string | undefined>();
  const { title, hint } = LABELS[kind];

  // Local previews hold the file in memory until revoked.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL?.(preview);
    },
    [preview],
  );

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setError(undefined);
    if (file.type && !ACCEPTED_TYPES.includes(file.type)) {
      setError(CREATOR_PROFILE_MESSAGES.imageType);
      setState(IDLE);
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setError(CREATOR_PROFILE_MESSAGES.imageTooLarge);
      setState(IDLE);
      return;
    }
    setPreview(objectUrl(file));
    setState({ kind: 'saving' });
    try {
      await upload.mutateAsync({ kind, file });
      setState({ kind: 'saved', message: `${title} updated.` });
    } catch (failure) {
      const fieldMessage = apiFieldErrors(failure).file;
      if (fieldMessage) setError(fieldMessage);
      setState({
        kind: 'failed',
        message: fieldMessage
          ? `${title} was not changed.`
          : errorMessage(failure, `${title} could not be uploaded. Please try again.`),
      });
    } finally {
      setPreview(null);
    }
  };

  const onRemove = async () => {
    setError(undefined);
    setState({ kind: 'saving' });
    try {
      await remove.mutateAsync(kind);
      setState({ kind: 'saved', message: `${title} removed.` });
      input.current?.focus();
    } catch (failure) {
      setState({ kind: 'failed', message: errorMessage(failure, `${title} could not be removed. Please try again.`) });
    }
  };

  const shown = preview ?? currentUrl;
  const busy = state.kind === 'saving';
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      css={{ display: 'flex', flexDirection: 'column', gap: '0.5rem', minWidth: 0 }}
    >
      <span
        id={`${id}-title`}
        css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}
      >
        {title}
      </span>
      <div
        css={(theme) => ({
          position: 'relative',
          overflow: 'hidden',
          background: shown ? theme.color.border : theme.gradient.hero,
          color: theme.color.textInverse,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: theme.font.weight.bold,
          ...(kind === 'profile'
            ? { width: '6rem', height: '6rem', borderRadius: theme.radius.pill, fontSize: '2rem' }
            : { width: '100%', aspectRatio: '3 / 1', maxHeight: '10rem', borderRadius: theme.radius.md }),
        })}
      >
        {shown ? (
          <img
            src={shown}
            alt={preview ? `New ${title.toLowerCase()} (uploading)` : `Your current ${title.toLowerCase()}`}
            // Until the picture has loaded (or if it cannot), browsers draw the alt text in its place: it is for
            // screen readers only, so it is kept from spilling over the placeholder.
            css={{ width: '100%', height: '100%', objectFit: 'cover', color: 'transparent', fontSize: 0 }}
          />
        ) : (
          <span aria-hidden="true">{kind === 'profile' ? initials : ''}</span>
        )}
        {!shown ? <span className="visually-hidden">{`No ${title.toLowerCase()} yet`}</span> : null}
      </div>
      <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <label
          css={(theme) => [
            buttonStyle(theme, { variant: 'secondary', size: 'sm' }),
            { '&:focus-within': { outline: `3px solid ${theme.color.focus}`, outlineOffset: '2px' } },
            busy ? { opacity: 0.55, cursor: 'not-allowed' } : {},
          ]}
        >
          {busy && preview ? 'Uploading...' : `${currentUrl ? 'Change' : 'Upload'} ${kind} image`}
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            disabled={busy}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => void onFile(event)}
          />
        </label>
        {currentUrl ? (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void onRemove()}>
            {`Remove ${kind === 'profile' ? 'profile' : 'cover'} image`}
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} css={(theme) => ({ margin: 0, fontSize: theme.font.size.xs, color: theme.color.textMuted })}>
        {hint}
      </p>
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.danger })}
        >
          {error}
        </p>
      ) : null}
      <SaveStatus state={state} />
    </div>
  );
}
