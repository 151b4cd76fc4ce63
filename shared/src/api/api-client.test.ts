import { describe, expect, it } from 'vitest';
import { ApiError, apiRequest, REQUEST_ERROR_MESSAGE, SERVER_ERROR_MESSAGE } from '@beabro/shared/api/api-client';
import { http, HttpResponse, server } from '@beabro/shared/testing/msw';

function answer(status: number, body: string, contentType = 'text/html') {
  server.use(
    http.get(
      '/api/anything',
      () => new HttpResponse(body || null, { status, headers: { 'Content-Type': contentType } }),
    ),
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
