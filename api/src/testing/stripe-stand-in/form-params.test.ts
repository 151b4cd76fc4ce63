import { describe, expect, it } from 'vitest';
import { ParamReader, parseStripeForm, rejectUnknownParams } from './form-params';
import { StandInError } from './stand-in-error';

function thrown(run: () => unknown): StandInError {
  try {
    run();
  } catch (error) {
    if (error instanceof StandInError) return error;
    throw error;
  }
  throw new Error('expected a StandInError');
}

describe('parseStripeForm', () => {
  it('reads the bracketed keys the SDK writes back into objects and lists', () => {
    const body =
      'amount=2000&transfer_data[destination]=acct_1&metadata[order%20id]=a%26b&expand[0]=latest_charge&expand[1]=customer&confirm=true';
    expect(parseStripeForm(body)).toEqual({
      amount: '2000',
      transfer_data: { destination: 'acct_1' },
      metadata: { 'order id': 'a&b' },
      expand: ['latest_charge', 'customer'],
      confirm: 'true',
    });
    expect(parseStripeForm('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
  });
});

describe('rejectUnknownParams', () => {
  it('names the unknown parameter, nested ones in brackets', () => {
    const params = parseStripeForm('amount=1&transfer_data[destinaton]=acct_1');
    const error = thrown(() => rejectUnknownParams(params, { amount: true, transfer_data: { destination: true } }));
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      param: 'transfer_data[destinaton]',
      message: 'Received unknown parameter: transfer_data[destinaton]',
    });
    expect(() => rejectUnknownParams(parseStripeForm('metadata[anything]=x'), { metadata: 'map' })).not.toThrow();
  });
});

describe('ParamReader', () => {
  it("answers missing and malformed values with Stripe's codes", () => {
    const read = new ParamReader(parseStripeForm('amount=12.5&confirm=yes&metadata[k]=v'));
    expect(thrown(() => read.integer('currency', { required: true })).body).toMatchObject({
      code: 'parameter_missing',
      param: 'currency',
    });
    expect(thrown(() => read.integer('amount')).body).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'amount',
    });
    expect(thrown(() => read.boolean('confirm')).body.param).toBe('confirm');
    expect(read.metadata()).toEqual({ k: 'v' });
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect(thrown(() => new ParamReader({ metadata: tooMany }).metadata()).body.param).toBe('metadata');
  });
});
