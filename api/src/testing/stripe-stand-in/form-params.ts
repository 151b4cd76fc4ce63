import { invalidRequest } from './stand-in-error';

/*
 * Stripe's v1 API takes application/x-www-form-urlencoded bodies with bracketed keys (`transfer_data[destination]`,
 * `expand[0]`), which the SDK writes from nested objects. This turns them back into objects and reads them the way
 * Stripe validates them: unknown parameters are refused, so an adapter that sends a misspelt or unsupported field
 * fails here as it would against Stripe.
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const base = key.split('[', 1)[0] ?? key;
    const path = [base, ...[...key.slice(base.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: FormObject = root;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next !== 'object' || Array.isArray(next)) node[name] = {};
      node = node[name] as FormObject;
    });
  }
  return listify(root) as FormObject;
}

/** `expand[0]=a&expand[1]=b` arrives as an object with keys 0..n-1: make it the array the SDK meant. */
function listify(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, listify(value[key] as FormValue)] as const);
  if (keys.length > 0 && keys.every((key, index) => key === String(index))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** Which parameters an endpoint takes: `true` a scalar, 'map' free keys (metadata), 'list', or a nested shape. */
export type ParamShape = { [key: string]: true | 'map' | 'list' | ParamShape };

export function rejectUnknownParams(params: FormObject, shape: ParamShape, prefix = ''): void {
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    const expected = shape[key];
    if (expected === undefined) {
      throw invalidRequest(`Received unknown parameter: ${name}`, { param: name, code: 'parameter_unknown' });
    }
    if (typeof expected === 'object' && typeof value === 'object' && !Array.isArray(value)) {
      rejectUnknownParams(value, expected, name);
    }
  }
}

/** Typed reads of one request's parameters, with Stripe's messages for missing and malformed values. */
export class ParamReader {
  constructor(readonly params: FormObject) {}

  private raw(name: string): FormValue | undefined {
    let node: FormValue | undefined = this.params;
    for (const part of name.split('.')) {
      if (node === undefined || typeof node !== 'object' || Array.isArray(node)) return undefined;
      node = node[part];
    }
    return node;
  }

  has(name: string): boolean {
    return this.raw(name) !== undefined;
  }

  string(name: string, options: { required: true; maxLength?: number }): string;
  string(name: string, options?: { required?: false; maxLength?: number }): string | undefined;
  string(name: string, options: { required?: boolean; maxLength?: number } = {}): string | undefined {
    const value = this.raw(name);
    const param = bracketed(name);
    if (value === undefined || value === '') {
      if (options.required)
        throw invalidRequest(`Missing required param: ${param}.`, { param, code: 'parameter_missing' });
      return undefined;
    }
    if (typeof value !== 'string')
      throw invalidRequest(`Invalid string: ${param}`, { param, code: 'parameter_invalid_string' });
    if (options.maxLength !== undefined && value.length > options.maxLength) {
      throw invalidRequest(
        `Invalid string: ${value.slice(0, 20)}...; must be at most ${options.maxLength} characters`,
        {
          param,
          code: 'parameter_invalid_string',
        },
      );
    }
    return value;
  }

  oneOf<T extends string>(name: string, values: readonly T[], options: { required?: boolean } = {}): T | undefined {
    const value = options.required ? this.string(name, { required: true }) : this.string(name);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalidRequest(`Invalid ${bracketed(name)}: must be one of ${values.join(', ')}`, {
        param: bracketed(name),
      });
    }
    return value as T;
  }

  integer(name: string, options: { required: true; min?: number }): number;
  integer(name: string, options?: { required?: false; min?: number }): number | undefined;
  integer(name: string, options: { required?: boolean; min?: number } = {}): number | undefined {
    const text = options.required ? this.string(name, { required: true }) : this.string(name);
    if (text === undefined) return undefined;
    const param = bracketed(name);
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw invalidRequest(`Invalid integer: ${text}`, { param, code: 'parameter_invalid_integer' });
    }
    const value = Number(text);
    if (options.min !== undefined && value < options.min) {
      throw invalidRequest(`This value must be greater than or equal to ${options.min}.`, {
        param,
        code: 'parameter_invalid_integer',
      });
    }
    return value;
  }

  boolean(name: string): boolean | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (text !== 'true' && text !== 'false')
      throw invalidRequest(`Invalid boolean: ${text}`, { param: bracketed(name) });
    return text === 'true';
  }

  /** Stripe's metadata limits: 50 keys, keys up to 40 characters, values up to 500. */
  metadata(name = 'metadata'): Record<string, string> | undefined {
    const value = this.raw(name);
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', { param: name });
    const entries = Object.entries(value);
    if (entries.length > 50) throw invalidRequest('Invalid metadata: too many keys (at most 50)', { param: name });
    const result: Record<string, string> = {};
    for (const [key, item] of entries) {
      if (typeof item !== 'string') throw invalidRequest('Invalid metadata value', { param: `${name}[${key}]` });
      if (key.length > 40)
        throw invalidRequest('Metadata keys can have at most 40 characters', { param: `${name}[${key}]` });
      if (item.length > 500)
        throw invalidRequest('Metadata values can have at most 500 characters', { param: `${name}[${key}]` });
      result[key] = item;
    }
    return result;
  }

  list(name: string): string[] {
    const value = this.raw(name);
    if (value === undefined || value === '') return [];
    const items = Array.isArray(value) ? value : [value];
    return items.map((item) => {
      if (typeof item !== 'string') throw invalidRequest(`Invalid array`, { param: name });
      return item;
    });
  }
}

/** `transfer_data.destination` -> `transfer_data[destination]`, the way Stripe names a nested param. */
export function bracketed(name: string): string {
  const [head, ...rest] = name.split('.');
  return head + rest.map((part) => `[${part}]`).join('');
}
