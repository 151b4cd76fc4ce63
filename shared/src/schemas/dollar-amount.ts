import { z } from 'zod';
import { whenInteger } from '@beabro/shared/schemas/check-guards';

/*
 * Amount fields of the forms: whole dollars, typed into inputs. Accepting both numbers and numeric strings
 * lets a form hand over either the raw input value or an already-parsed number; every way an input can be
 * wrong (empty, not a number, cents, out of range) gets a field message, never a silent fallback.
 */

export interface DollarAmountBounds {
  min: number;
  max: number;
}

export interface DollarAmountMessages {
  /** Empty, or not a number at all. */
  required: string;
  /** Has cents or is otherwise not a whole number. */
  whole: string;
  tooSmall: string;
  tooLarge: string;
}

// Plain decimal notation only: Number() would also accept "0x10", "1e3" or "Infinity", which no one types
// into an amount field on purpose.
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

function toNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function wholeDollars(bounds: DollarAmountBounds, messages: DollarAmountMessages) {
  return (
    z
      .number({ error: messages.required })
      .int({ error: messages.whole })
      // Built-in min/max cannot take `when`; refinements can, so a fractional amount gets only "whole".
      .refine((amount) => amount >= bounds.min, { error: messages.tooSmall, when: whenInteger })
      .refine((amount) => amount <= bounds.max, { error: messages.tooLarge, when: whenInteger })
  );
}

/** A required whole-dollar amount (output: number of dollars). */
export function dollarAmountSchema(bounds: DollarAmountBounds, messages: DollarAmountMessages) {
  return z
    .union([z.number(), z.string()], { error: messages.required })
    .transform(toNumber)
    .pipe(wholeDollars(bounds, messages));
}

/** An optional whole-dollar amount: missing, null or an empty input all mean "not set" (output undefined). */
export function optionalDollarAmountSchema(bounds: DollarAmountBounds, messages: DollarAmountMessages) {
  return z
    .union([z.number(), z.string(), z.null()], { error: messages.required })
    .optional()
    .transform((value) =>
      value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
        ? undefined
        : toNumber(value),
    )
    .pipe(wholeDollars(bounds, messages).optional());
}
