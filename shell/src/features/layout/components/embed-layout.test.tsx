import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { EmbedLayout } from './embed-layout';

/** The layout inside a frame whose parent is a stand-in window recording what it is sent. */
function renderInFrame(route: string) {
  const postMessage = vi.fn();
  vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
  renderWithProviders(<EmbedLayout />, { route });
  return postMessage;
}

afterEach(() => vi.restoreAllMocks());

describe('EmbedLayout', () => {
  it('asks the host page to close the overlay on Escape, posting to the host origin only', () => {
    const postMessage = renderInFrame('/maya_builds/support?embed=1&origin=https%3A%2F%2Fmy.site');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(postMessage).toHaveBeenCalledWith({ source: 'beabro', type: 'close' }, 'https://my.site');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  it.each(['', '&origin=*', '&origin=http%3A%2F%2Fmy.site', '&origin=https%3A%2F%2Fmy.site%2Fpage'])(
    'posts nothing without a valid host origin (%s)',
    (query) => {
      const postMessage = renderInFrame(`/maya_builds/support?embed=1${query}`);
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
      expect(postMessage).not.toHaveBeenCalled();
    },
  );
});
