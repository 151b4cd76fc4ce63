import {
  POST_MESSAGES,
  postFieldsSchema,
  type CreatorPostDto,
  type PostAudience,
} from '@beabro/shared/api-schemas/posts';
import { fieldErrorsOf, type FieldErrors } from '@beabro/shared/schemas/field-errors';

/** The post form as typed: numbers stay text until sent, so a half-typed field is not lost. */
export interface PostFormValues {
  title: string;
  bodyMarkdown: string;
  audience: PostAudience;
  /** '' until a tier is chosen, else the tier's position. */
  minTierPosition: string;
  earlyAccess: boolean;
  earlyAccessDays: string;
}

export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  bodyMarkdown: '',
  audience: 'supporters',
  minTierPosition: '',
  earlyAccess: false,
  earlyAccessDays: '7',
};

export function formValuesOf(post: CreatorPostDto): PostFormValues {
  return {
    title: post.title,
    bodyMarkdown: post.bodyMarkdown,
    audience: post.audience,
    minTierPosition: post.minTierPosition === null ? '' : String(post.minTierPosition),
    earlyAccess: post.earlyAccessDays !== null,
    earlyAccessDays: post.earlyAccessDays === null ? '7' : String(post.earlyAccessDays),
  };
}

/** Early access means "supporters first": it does not apply to a post everyone can read. */
export function earlyAccessApplies(audience: PostAudience): boolean {
  return audience !== 'everyone';
}

/** The fields as the API takes them (the tier only for a tier audience, early access only where it applies). */
export function postFieldsOf(values: PostFormValues) {
  return {
    title: values.title,
    bodyMarkdown: values.bodyMarkdown,
    audience: values.audience,
    minTierPosition:
      values.audience === 'tier' ? (values.minTierPosition === '' ? null : Number(values.minTierPosition)) : null,
    earlyAccessDays:
      values.earlyAccess && earlyAccessApplies(values.audience)
        ? values.earlyAccessDays.trim() === ''
          ? Number.NaN
          : Number(values.earlyAccessDays)
        : null,
  };
}

/** The same rules the API applies, in its words, checked before sending. */
export function postFormErrors(values: PostFormValues): FieldErrors {
  const fields = postFieldsOf(values);
  const errors = fieldErrorsOf(postFieldsSchema, fields);
  if (values.audience === 'tier' && fields.minTierPosition === null)
    errors.minTierPosition ??= POST_MESSAGES.tierInvalid;
  return errors;
}
