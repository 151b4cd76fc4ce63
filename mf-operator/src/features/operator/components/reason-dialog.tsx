import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  REPORT_REASON_LABELS,
  resolveReportRequestSchema,
  suspendRequestSchema,
} from '@beabro/shared/api-schemas/operator';
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { Button } from '@beabro/shared/ui/button';
import { Modal } from '@beabro/shared/ui/modal';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { SelectField } from '@beabro/shared/ui/select-field';
import { TextAreaField } from '@beabro/shared/ui/text-field';
import type { ReportAction } from '../api/operator-api';
import { apiFieldErrors, errorMessage } from '../lib/error-message';

export interface ReasonDialogProps {
  title: string;
  /** What the dialog asks to confirm, above the reason. */
  description: string;
  confirmLabel: string;
  /** Danger styling for actions against a person (suspend). */
  danger?: boolean;
  onClose: () => void;
  /** Runs the action; a rejection (ApiError) shows its field messages and message in the dialog. */
  onConfirm: (reason: string) => Promise<void>;
}

/** Asks for the reason of an action (suspend, lift) and confirms it. Rendered only while open. */
export function ReasonDialog({ title, description, confirmLabel, danger, onClose, onConfirm }: ReasonDialogProps) {
  const formId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ reason: string }>({ defaultValues: { reason: '' }, resolver: zodResolver(suspendRequestSchema) });
  const submit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onConfirm(reason);
    } catch (error) {
      setApiFieldErrors(setError, apiFieldErrors(error));
      setFailure(errorMessage(error, 'That did not work. Please try again.'));
    }
  });
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} disabled={isSubmitting}>
            {isSubmitting ? 'Working…' : confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} css={{ display: 'grid', gap: '0.75rem' }}>
        <p css={{ margin: 0 }}>{description}</p>
        <TextAreaField label="Reason" rows={3} error={errors.reason?.message} {...register('reason')} />
        {failure ? (
          <OutcomeMessage tone="danger" role="alert">
            {failure}
          </OutcomeMessage>
        ) : null}
      </form>
    </Modal>
  );
}

const ACTION_OPTIONS: readonly { value: ReportAction; label: string }[] = [
  { value: 'hide', label: 'Hide the page or post' },
  { value: 'dismiss', label: 'Dismiss the report' },
  { value: 'suspend', label: 'Suspend the creator' },
];

export interface ResolveDialogProps {
  report: { reason: keyof typeof REPORT_REASON_LABELS; username: string; postTitle: string | null };
  onClose: () => void;
  onConfirm: (values: { action: ReportAction; reason: string }) => Promise<void>;
}

/** Resolves a report: an action (hide, dismiss, suspend) and the reason the people involved are emailed. */
export function ResolveDialog({ report, onClose, onConfirm }: ResolveDialogProps) {
  const formId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ action: ReportAction; reason: string }>({
    defaultValues: { action: 'hide', reason: '' },
    resolver: zodResolver(resolveReportRequestSchema),
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onConfirm(values);
    } catch (error) {
      setApiFieldErrors(setError, apiFieldErrors(error));
      setFailure(errorMessage(error, 'The report could not be resolved. Please try again.'));
    }
  });
  const subject = report.postTitle
    ? `the post "${report.postTitle}" by @${report.username}`
    : `@${report.username}'s page`;
  return (
    <Modal
      open
      title="Resolve report"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isSubmitting}>
            {isSubmitting ? 'Working…' : 'Resolve'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} css={{ display: 'grid', gap: '0.75rem' }}>
        <p css={{ margin: 0 }}>
          Reported as {REPORT_REASON_LABELS[report.reason].toLowerCase()}: {subject}.
        </p>
        <SelectField label="Action" options={ACTION_OPTIONS} error={errors.action?.message} {...register('action')} />
        <TextAreaField label="Reason" rows={3} error={errors.reason?.message} {...register('reason')} />
        {failure ? (
          <OutcomeMessage tone="danger" role="alert">
            {failure}
          </OutcomeMessage>
        ) : null}
      </form>
    </Modal>
  );
}
