import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { useSavePost, useUploadPostImage, type SavePostInput } from '@beabro/shared/api/creator-posts-calls';
import { IMAGE_ACCEPT } from '@beabro/shared/api-schemas/creator-profile';
import {
  POST_AUDIENCE_LABELS,
  POST_AUDIENCES,
  POST_BODY_MAX_LENGTH,
  POST_EARLY_ACCESS_MAX_DAYS,
  POST_TITLE_MAX_LENGTH,
  type CreatorPostDto,
} from '@beabro/shared/api-schemas/posts';
import type { CreatorTierDto } from '@beabro/shared/api-schemas/creator-profile';
import { paths } from '@beabro/shared/contract/paths';
import { formatUsd } from '@beabro/shared/money/fees';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '@beabro/shared/schemas/field-errors';
import { Button } from '@beabro/shared/ui/button';
import { FieldMessages, describedBy } from '@beabro/shared/ui/field-messages';
import { SelectField } from '@beabro/shared/ui/select-field';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import { Tabs } from '@beabro/shared/ui/tabs';
import { useToast } from '@beabro/shared/ui/toast';
import { errorMessage, MESSAGES } from '../../../lib/error-message';
import {
  EMPTY_POST_FORM,
  earlyAccessApplies,
  formValuesOf,
  postFieldsOf,
  postFormErrors,
  type PostFormValues,
} from '../utils/post-form';
import { PostPreview } from './post-preview';

export const SAVE_DRAFT_LABEL = 'Save draft';
export const PUBLISH_LABEL = 'Publish';
export const SAVE_CHANGES_LABEL = 'Save changes';

/** The form's fields, in the API's field names, in the order they are shown (for focusing the first error). */
const BODY_TABS = [
  { key: 'write', label: 'Write' },
  { key: 'preview', label: 'Preview' },
] as const;

const FIELDS = ['title', 'bodyMarkdown', 'audience', 'minTierPosition', 'earlyAccessDays'] as const;

export interface PostFormProps {
  /** The saved post, or null for a new one. */
  post: CreatorPostDto | null;
  tiers: readonly CreatorTierDto[];
}

/**
 * A post's form: title, Markdown body (with an image button and the server's rendering as preview), who can
 * read it, early access, and Save draft / Publish (Save changes once published). One request saves
 * everything or nothing; the API's field messages show next to their fields.
 */
export function PostForm({ post, tiers }: PostFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSavePost();
  const upload = useUploadPostImage();
  const formRef = useRef<HTMLFormElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { audience: useId(), earlyAccess: useId() };
  const [values, setValues] = useState<PostFormValues>(() => (post ? formValuesOf(post) : EMPTY_POST_FORM));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');

  const published = post?.status === 'published';
  const busy = save.isPending;

  function set<K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    // A field's message goes when the field changes; the rest stay until the next try.
    const apiKey = key === 'earlyAccess' ? 'earlyAccessDays' : key;
    setErrors((current) => ({ ...current, [apiKey]: undefined }));
  }

  async function submit(publish: boolean) {
    setFormError(null);
    const found = postFormErrors(values);
    if (hasErrors(found)) {
      setErrors(found);
      setFormError(MESSAGES.fixFields);
      focusFirstInvalid(formRef.current);
      return;
    }
    const fields = postFieldsOf(values);
    const input: SavePostInput =
      post === null
        ? { id: null, input: { ...fields, publish } }
        : { id: post.id, input: publish ? { ...fields, publish } : fields };
    try {
      const saved = await save.mutateAsync(input);
      setErrors({});
      setValues(formValuesOf(saved));
      toast.show(publish ? 'Post published' : published ? 'Changes saved' : 'Draft saved', 'success');
      if (post === null) navigate(paths.editPost(saved.id), { replace: true });
    } catch (failure) {
      const fieldErrors = failure instanceof ApiError ? failure.fieldErrors : {};
      const known = Object.fromEntries(Object.entries(fieldErrors).filter(([key]) => FIELDS.some((f) => f === key)));
      setErrors(known);
      setFormError(
        Object.keys(known).length > 0 ? MESSAGES.fixFields : errorMessage(failure, 'Your post could not be saved.'),
      );
      focusFirstInvalid(formRef.current);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The form's submit button saves (a draft, or the changes): Enter in a field never publishes.
    void submit(false);
  }

  async function onImageChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    try {
      const url = await upload.mutateAsync(file);
      insertIntoBody(`![${altTextOf(file.name)}](${url})`);
    } catch (failure) {
      setUploadError(errorMessage(failure, 'The image could not be uploaded.'));
    }
  }

  function insertIntoBody(markdown: string) {
    const area = bodyRef.current;
    const body = values.bodyMarkdown;
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? body.length;
    const before = body.slice(0, start);
    const block = `${before && !before.endsWith('\n') ? '\n\n' : ''}${markdown}\n\n`;
    set('bodyMarkdown', before + block + body.slice(end));
    setTab('write');
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + block.length, start + block.length);
    });
  }

  const tierOptions = tiers.map((tier) => ({
    value: String(tier.position),
    label: `${tier.name} (${formatUsd(tier.amountCents, { whole: true })}${tier.isRecurring ? '/month' : ''}) and above`,
  }));

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} css={{ display: 'grid', gap: '1.25rem' }}>
      <TextField
        label="Title"
        value={values.title}
        onChange={(event) => set('title', event.target.value)}
        maxLength={POST_TITLE_MAX_LENGTH}
        aside={`${values.title.length}/${POST_TITLE_MAX_LENGTH}`}
        error={errors.title}
        disabled={busy}
      />

      <div css={{ display: 'grid', gap: '0.5rem' }}>
        <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
          <input
            ref={fileRef}
            type="file"
            accept={IMAGE_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void onImageChosen(event)}
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={busy || upload.isPending}
            onClick={() => fileRef.current?.click()}
          >
            {upload.isPending ? 'Uploading image…' : 'Add image'}
          </Button>
          <span css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.xs })}>
            PNG, JPEG or WebP, at most 5 MB; it goes where the cursor is.
          </span>
        </div>
        {uploadError ? (
          <p role="alert" css={(theme) => ({ margin: 0, color: theme.color.danger, fontSize: theme.font.size.sm })}>
            {uploadError}
          </p>
        ) : null}
        <Tabs label="Post body" items={BODY_TABS} active={tab} onChange={setTab}>
          <div css={{ paddingTop: '0.75rem' }}>
            {tab === 'write' ? (
              <TextAreaField
                ref={bodyRef}
                label="Post"
                rows={14}
                value={values.bodyMarkdown}
                onChange={(event) => set('bodyMarkdown', event.target.value)}
                maxLength={POST_BODY_MAX_LENGTH}
                aside={`${values.bodyMarkdown.length.toLocaleString('en-US')}/${POST_BODY_MAX_LENGTH.toLocaleString('en-US')}`}
                hint="Markdown: **bold**, _italic_, [a link](https://…), lists, > quotes and # headings."
                error={errors.bodyMarkdown}
                disabled={busy}
              />
            ) : (
              <>
                <PostPreview post={post} changed={post !== null && values.bodyMarkdown !== post.bodyMarkdown} />
                {errors.bodyMarkdown ? (
                  <p
                    role="alert"
                    css={(theme) => ({ margin: '0.5rem 0 0', color: theme.color.danger, fontSize: theme.font.size.sm })}
                  >
                    {errors.bodyMarkdown}
                  </p>
                ) : null}
              </>
            )}
          </div>
        </Tabs>
      </div>

      <fieldset
        aria-describedby={describedBy(errors.audience && `${ids.audience}-error`)}
        css={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: '0.5rem' }}
      >
        <legend css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm, padding: 0 })}>
          Who can read it
        </legend>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.25rem', marginTop: '0.375rem' }}>
          {POST_AUDIENCES.map((audience) => (
            <label key={audience} css={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
              <input
                type="radio"
                name="audience"
                value={audience}
                checked={values.audience === audience}
                onChange={() => set('audience', audience)}
                aria-invalid={errors.audience ? true : undefined}
                disabled={busy}
                css={{ width: '1.1rem', height: '1.1rem', margin: 0 }}
              />
              {audience === 'tier' ? 'A tier and above' : POST_AUDIENCE_LABELS[audience]}
            </label>
          ))}
        </div>
        <FieldMessages id={ids.audience} error={errors.audience} />
        {values.audience === 'tier' ? (
          <SelectField
            label="Lowest tier that can read it"
            value={values.minTierPosition}
            placeholder="Choose a tier…"
            options={tierOptions}
            onChange={(event) => set('minTierPosition', event.target.value)}
            hint="Supporters whose support is at least this tier's amount can read it."
            error={errors.minTierPosition}
            disabled={busy}
          />
        ) : null}
      </fieldset>

      {earlyAccessApplies(values.audience) ? (
        <div css={{ display: 'grid', gap: '0.5rem' }}>
          <label css={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
            <input
              id={ids.earlyAccess}
              type="checkbox"
              checked={values.earlyAccess}
              onChange={(event) => set('earlyAccess', event.target.checked)}
              disabled={busy}
              css={{ width: '1.1rem', height: '1.1rem', margin: 0 }}
            />
            Early access: supporters first, everyone after some days
          </label>
          {values.earlyAccess ? (
            <TextField
              label="Days before everyone can read it"
              type="number"
              inputMode="numeric"
              min={1}
              max={POST_EARLY_ACCESS_MAX_DAYS}
              value={values.earlyAccessDays}
              onChange={(event) => set('earlyAccessDays', event.target.value)}
              hint={`1 to ${POST_EARLY_ACCESS_MAX_DAYS} days after publishing.`}
              error={errors.earlyAccessDays}
              disabled={busy}
              css={{ maxWidth: '10rem' }}
            />
          ) : null}
        </div>
      ) : null}

      {formError ? (
        <p
          role="alert"
          css={(theme) => ({ margin: 0, color: theme.color.danger, fontWeight: theme.font.weight.medium })}
        >
          {formError}
        </p>
      ) : null}

      <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
        {published ? (
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : SAVE_CHANGES_LABEL}
          </Button>
        ) : (
          <>
            <Button type="submit" variant="secondary" disabled={busy}>
              {SAVE_DRAFT_LABEL}
            </Button>
            <Button onClick={() => void submit(true)} disabled={busy}>
              {PUBLISH_LABEL}
            </Button>
            {busy ? (
              <span role="status" css={(theme) => ({ color: theme.color.textMuted })}>
                Saving…
              </span>
            ) : null}
          </>
        )}
      </div>
      {published ? null : (
        <p css={(theme) => ({ margin: 0, color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
          Publishing shows the post on your page and emails it once to the supporters who can read it (those who turned
          post emails off are left out). A published post cannot go back to draft.
        </p>
      )}
    </form>
  );
}

/** "sunset.jpg" -> "sunset": a starting alt text the creator can change. */
function altTextOf(fileName: string): string {
  return (
    fileName
      .replace(/\.[a-z0-9]+$/i, '')
      .replace(/[[\]()\\]/g, '')
      .replace(/[-_]+/g, ' ')
      .trim()
      .slice(0, 80) || 'image'
  );
}
