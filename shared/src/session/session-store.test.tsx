// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { useSessionStore } from '@beabro/shared/session/session-store';

function Status() {
  return <p>{useSessionStore((s) => s.status)}</p>;
}

afterEach(() => useSessionStore.setState({ status: 'unknown', user: null }));

describe('the session store', () => {
  it('is read as it is now when rendered on the server (a visitor’s page renders signed out, not "unknown")', () => {
    expect(renderToString(<Status />)).toBe('<p>unknown</p>');
    useSessionStore.getState().setUser(null);
    expect(renderToString(<Status />)).toBe('<p>signed-out</p>');
  });
});
