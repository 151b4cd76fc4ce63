import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, REQUEST_ERROR_MESSAGE, SERVER_ERROR_MESSAGE } from '@beabro/shared/api/api-client';

function answer(status: number, body: string, contentType = 'text/html') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': contentType } })),
  );
}

async function failure(): Promise<ApiError> {
  try {
    await apiRequest('/anything');
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the request did not fail');
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest failures', () => {
  it('puts a human sentence, not a status code, on a 5xx without a message', async () => {
    answer(502, '<html>Bad Gateway</html>');
    const error = await failure();
    expect(error.status).toBe(502);
    expect(error.message).toBe(SERVER_ERROR_MESSAGE);
    expect(error.message).toBe('Something went wrong on our side. Please try again.');
    answer(500, '');
    expect((await failure()).message).toBe(SERVER_ERROR_MESSAGE);
  });

  it("keeps the API's own message, and explains other failures without one", async () => {
    answer(409, JSON.stringify({ message: 'You already have a creator page.' }), 'application/json');
    expect((await failure()).message).toBe('You already have a creator page.');
    answer(404, '');
    expect((await failure()).message).toBe(REQUEST_ERROR_MESSAGE);
  });
});
