import { z } from 'zod';
import { fieldErrorsOf, hasErrors } from '@beabro/shared/schemas/field-errors';

const schema = z
  .object({
    email: z.string().min(1, 'Email is required'),
    links: z.object({ youtube: z.string().max(3, 'Too long') }),
  })
  .refine((value) => value.email !== 'taken', 'Whole value refused');

describe('fieldErrorsOf', () => {
  it('keeps the first message of each field, keyed by its dotted path', () => {
    const errors = fieldErrorsOf(schema, { email: '', links: { youtube: 'abcdef' } });
    expect(errors).toEqual({ email: 'Email is required', 'links.youtube': 'Too long' });
    expect(hasErrors(errors)).toBe(true);
  });

  it('keeps an issue about the whole value under "_"', () => {
    expect(fieldErrorsOf(schema, { email: 'taken', links: { youtube: 'a' } })).toEqual({ _: 'Whole value refused' });
  });

  it('is empty for valid values', () => {
    const errors = fieldErrorsOf(schema, { email: 'a@b.c', links: { youtube: 'a' } });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });
});
