import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@beabro/shared/ui/button';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** `lg` for dialogs with side-by-side content (forms with a preview); `md` by default. */
  size?: 'md' | 'lg';
}

/** A modal on the native <dialog>: focus trapping, Escape and the backdrop come from the browser. */
export function Modal({ open, title, onClose, children, footer, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      css={(theme) => ({
        width: size === 'lg' ? 'min(52rem, calc(100vw - 2rem))' : 'min(28rem, calc(100vw - 2rem))',
        boxSizing: size === 'lg' ? 'border-box' : undefined,
        border: 'none',
        borderRadius: theme.radius.lg,
        padding: theme.space(6),
        boxShadow: theme.shadow.raised,
        color: theme.color.text,
        '&::backdrop': { background: 'rgba(17, 24, 39, 0.5)' },
      })}
    >
      {open ? (
        <>
          <h2 id={titleId} css={(theme) => ({ margin: 0, fontSize: theme.font.size.xl })}>
            {title}
          </h2>
          <div css={{ margin: '1rem 0' }}>{children}</div>
          {footer ? (
            <div css={{ display: 'flex', justifyContent: 'flex-end', gap: '0.5rem', flexWrap: 'wrap' }}>{footer}</div>
          ) : null}
        </>
      ) : null}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message}
    </Modal>
  );
}
