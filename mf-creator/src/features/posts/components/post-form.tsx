import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';
import { focusFirstInvalid } from '@beabro/shared/schemas/field-errors';
import { Button } from '@beabro/shared/ui/button';
import { FieldMessages, describedBy } from '@beabro/shared/ui/field-messages';
import { SelectField } from '@beabro/shared/ui/select-field';
import { TextAreaField, TextField } from '@beabro/shared/ui/text-field';
import { Tabs } from '@beabro/shared/ui/tabs';
import { useToast } from '@beabro/shared/ui/toast';
import { errorMessage, MESSAGES } from '../../../lib/error-message';
import { fieldErrorsResolver } from '../../../lib/field-errors-resolver';
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
  /** The creator's currency: the tiers' amounts are in it. */
  currency: Currency;
}

/**
 * A post's form: title, Markdown body (with an image button and the server's rendering as preview), who can
 * read it, early access, and Save draft / Publish (Save changes once published). One request saves
 * everything or nothing; the API's field messages show next to their fields.
 */
export function PostForm({ post, tiers, currency }: PostFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSavePost();
  const upload = useUploadPostImage();
  const formRef = useRef<HTMLFormElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { audience: useId(), earlyAccess: useId() };
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<PostFormValues>({
    defaultValues: post ? formValuesOf(post) : EMPTY_POST_FORM,
    resolver: fieldErrorsResolver(postFormErrors),
    // A field's message goes when the field changes; the rest stay until the next try.
    reValidateMode: 'onSubmit',
    // Focus goes to the first field showing an error once it is rendered (and enabled again after a save).
    shouldFocusError: false,
  });
  const [title, bodyMarkdown, audience, minTierPosition, earlyAccess] = useWatch({
    control,
    name: ['title', 'bodyMarkdown', 'audience', 'minTierPosition', 'earlyAccess'],
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');

  const published = post?.status === 'published';
  const busy = save.isPending;

  const field = (key: keyof PostFormValues) =>
    register(key, { onChange: () => clearErrors(key === 'earlyAccess' ? 'earlyAccessDays' : key) });
  const bodyField = field('bodyMarkdown');

  async function saveValues(values: PostFormValues, publish: boolean) {
    const fields = postFieldsOf(values);
    const input: SavePostInput =
      post === null
        ? { id: null, input: { ...fields, publish } }
        : { id: post.id, input: publish ? { ...fields, publish } : fields };
    try {
      const saved = await save.mutateAsync(input);
      reset(formValuesOf(saved));
      toast.show(publish ? 'Post published' : published ? 'Changes saved' : 'Draft saved', 'success');
      if (post === null) navigate(paths.editPost(saved.id), { replace: true });
    } catch (failure) {
      const fieldErrors = failure instanceof ApiError ? failure.fieldErrors : {};
      const known = Object.fromEntries(Object.entries(fieldErrors).filter(([key]) => FIELDS.some((f) => f === key)));
      clearErrors();
      setApiFieldErrors(setError, known);
      setFormError(
        Object.keys(known).length > 0 ? MESSAGES.fixFields : errorMessage(failure, 'Your post could not be saved.'),
      );
      focusFirstInvalid(formRef.current);
    }
  }

  const submit = (publish: boolean) => {
    setFormError(null);
    return handleSubmit(
      (values) => saveValues(values, publish),
      () => {
        setFormError(MESSAGES.fixFields);
        focusFirstInvalid(formRef.current);
      },
    );
  };

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
    const body = getValues('bodyMarkdown');
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? body.length;
    const before = body.slice(0, start);
    const block = `${before && !before.endsWith('\n') ? '\n\n' : ''}${markdown}\n\n`;
    setValue('bodyMarkdown', before + block + body.slice(end));
    clearErrors('bodyMarkdown');
    setTab('write');
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + block.length, start + block.length);
    });
  }

  const tierOptions = tiers.map((tier) => ({
    value: String(tier.position),
    label: `${tier.name} (${formatMoney(tier.amountCents, currency, { whole: true })}${tier.isRecurring ? '/month' : ''}) and above`,
  }));

  return (
    <form
      ref={formRef}
      noValidate
      // The form's submit button saves (a draft, or the changes): Enter in a field never publishes.
      onSubmit={(event) => void submit(false)(event)}
      css={{ display: 'grid', gap: '1.25rem' }}
    >
      <TextField
        label="Title"
        {...field('title')}
        maxLength={POST_TITLE_MAX_LENGTH}
        aside={`${title.length}/${POST_TITLE_MAX_LENGTH}`}
        error={errors.title?.message}
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
                label="Post"
                rows={14}
                {...bodyField}
                ref={(area) => {
                  bodyField.ref(area);
                  bodyRef.current = area;
                }}
                maxLength={POST_BODY_MAX_LENGTH}
                aside={`${bodyMarkdown.length.toLocaleString('en-US')}/${POST_BODY_MAX_LENGTH.toLocaleString('en-US')}`}
                hint="Markdown: **bold**, _italic_, [a link](https://…), lists, > quotes and # headings."
                error={errors.bodyMarkdown?.message}
                disabled={busy}
              />
            ) : (
              <>
                <PostPreview post={post} changed={post !== null && bodyMarkdown !== post.bodyMarkdown} />
                {errors.bodyMarkdown ? (
                  <p
                    role="alert"
                    css={(theme) => ({ margin: '0.5rem 0 0', color: theme.color.danger, fontSize: theme.font.size.sm })}
                  >
                    {errors.bodyMarkdown.message}
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
          {POST_AUDIENCES.map((option) => (
            <label key={option} css={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
              <input
                type="radio"
                {...field('audience')}
                value={option}
                aria-invalid={errors.audience ? true : undefined}
                disabled={busy}
                css={{ width: '1.1rem', height: '1.1rem', margin: 0 }}
              />
              {option === 'tier' ? 'A tier and above' : POST_AUDIENCE_LABELS[option]}
            </label>
          ))}
        </div>
        <FieldMessages id={ids.audience} error={errors.audience?.message} />
        {audience === 'tier' ? (
          <SelectField
            label="Lowest tier that can read it"
            value={minTierPosition}
            placeholder="Choose a tier…"
            options={tierOptions}
            onChange={(event) => {
              setValue('minTierPosition', event.target.value);
              clearErrors('minTierPosition');
            }}
            hint="Supporters whose support is at least this tier's amount can read it."
            error={errors.minTierPosition?.message}
            disabled={busy}
          />
        ) : null}
      </fieldset>

      {earlyAccessApplies(audience) ? (
        <div css={{ display: 'grid', gap: '0.5rem' }}>
          <label css={{ display: 'inline-flex', gap: '0.5rem', alignItems: 'center' }}>
            <input
              id={ids.earlyAccess}
              type="checkbox"
              {...field('earlyAccess')}
              disabled={busy}
              css={{ width: '1.1rem', height: '1.1rem', margin: 0 }}
            />
            Early access: supporters first, everyone after some days
          </label>
          {earlyAccess ? (
            <TextField
              label="Days before everyone can read it"
              type="number"
              inputMode="numeric"
              min={1}
              max={POST_EARLY_ACCESS_MAX_DAYS}
              {...field('earlyAccessDays')}
              hint={`1 to ${POST_EARLY_ACCESS_MAX_DAYS} days after publishing.`}
              error={errors.earlyAccessDays?.message}
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
            <Button onClick={() => void submit(true)()} disabled={busy}>
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
