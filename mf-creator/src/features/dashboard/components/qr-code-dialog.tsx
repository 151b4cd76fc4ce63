import { useEffect, useState } from 'react';
import { Button, buttonStyle } from '@beabro/shared/ui/button';
import { Modal } from '@beabro/shared/ui/modal';
import { qrImages, type QrImages } from '../utils/share-links';

type QrState = { kind: 'loading' } | { kind: 'ready'; images: QrImages } | { kind: 'failed' };

/** A QR code of the page address, to show on screen or download as PNG or as SVG for print. Mount it when it opens. */
export function QrCodeDialog({
  open,
  onClose,
  url,
  username,
}: {
  open: boolean;
  onClose: () => void;
  url: string;
  username: string;
}) {
  const [state, setState] = useState<QrState>({ kind: 'loading' });
  useEffect(() => {
    if (!open) return;
    let active = true;
    qrImages(url).then(
      (images) => active && setState({ kind: 'ready', images }),
      () => active && setState({ kind: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [open, url]);

  const fileName = `beabro-${username}-qr`;
  return (
    <Modal
      open={open}
      title="QR code of your page"
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <p
        css={(theme) => ({
          margin: `0 0 ${theme.space(3)}`,
          fontSize: theme.font.size.sm,
          color: theme.color.textMuted,
          overflowWrap: 'anywhere',
        })}
      >
        Scanning it opens {url}. Put it on posters, flyers or your stream overlay.
      </p>
      {state.kind === 'loading' ? (
        <p role="status" css={(theme) => ({ fontSize: theme.font.size.sm })}>
          Making your QR code…
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <p role="alert" css={(theme) => ({ fontSize: theme.font.size.sm, color: theme.color.danger })}>
          We could not make the QR code. Close this window and try again.
        </p>
      ) : null}
      {state.kind === 'ready' ? (
        <div css={{ display: 'grid', justifyItems: 'center', gap: '1rem' }}>
          <img
            src={state.images.svgDataUrl}
            alt={`QR code of ${url}`}
            width={224}
            height={224}
            css={(theme) => ({
              width: 'min(14rem, 70vw)',
              height: 'auto',
              border: `1px solid ${theme.color.border}`,
              borderRadius: theme.radius.sm,
            })}
          />
          <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', justifyContent: 'center' }}>
            <a
              href={state.images.pngDataUrl}
              download={`${fileName}.png`}
              css={(theme) => buttonStyle(theme, { variant: 'secondary', size: 'sm' })}
            >
              Download PNG
            </a>
            <a
              href={state.images.svgDataUrl}
              download={`${fileName}.svg`}
              css={(theme) => buttonStyle(theme, { variant: 'secondary', size: 'sm' })}
            >
              Download SVG (for print)
            </a>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
