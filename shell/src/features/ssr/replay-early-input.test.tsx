import { act, useState, type FormEvent, type ReactNode } from 'react';
import { waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import { recordEarlyInput, useEarlyInputReplay, type EarlyInput } from './replay-early-input';

function Form({ onRender }: { onRender?: () => void }) {
  const [amount, setAmount] = useState('');
  const [monthly, setMonthly] = useState(false);
  const [sort, setSort] = useState('supporters');
  const [message, setMessage] = useState('');
  onRender?.();
  return (
    <form>
      <input aria-label="Amount" value={amount} onChange={(event) => setAmount(event.target.value)} />
      <input
        aria-label="Monthly"
        type="checkbox"
        checked={monthly}
        onChange={(event) => setMonthly(event.target.checked)}
      />
      <select aria-label="Sort" value={sort} onChange={(event) => setSort(event.target.value)}>
        <option value="supporters">Supporters</option>
        <option value="newest">Newest</option>
      </select>
      <textarea aria-label="Message" value={message} onChange={(event) => setMessage(event.target.value)} />
      <output>{`amount=${amount} monthly=${String(monthly)} sort=${sort} message=${message}`}</output>
    </form>
  );
}

/** What the shell does: the page, with the replay of what the visitor did before it hydrated. */
function Page({ early, onReplayed, children }: { early: EarlyInput; onReplayed?: () => void; children: ReactNode }) {
  useEarlyInputReplay(early, onReplayed);
  return <>{children}</>;
}

/** Re-renders its form once hydrated, as a page reading what only the browser knows does. */
function RerenderedOnceHydrated({ onRender }: { onRender: (hydrated: boolean) => void }) {
  const hydrated = useHydrated();
  return <Form onRender={() => onRender(hydrated)} />;
}

const output = (container: HTMLElement) => container.querySelector('output');
const amountOf = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[aria-label="Amount"]')!;

/** Types as the browser does: the screen's value changes, then an input event. */
function type(control: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(control, value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

function serverPage(page: ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  return container;
}

describe('input made before hydration', () => {
  it('reaches the form’s state once the page has hydrated, even after a re-render put the server’s values back', async () => {
    const container = serverPage(<Form />);
    // The visitor acts on the server's HTML before the scripts run...
    amountOf(container).value = '7';
    container.querySelector<HTMLInputElement>('input[aria-label="Monthly"]')!.checked = true;
    const early = recordEarlyInput(container);
    // ...and while React hydrates (an event it does not handle yet).
    const sort = container.querySelector('select')!;
    sort.value = 'newest';
    sort.dispatchEvent(new Event('change', { bubbles: true }));
    const renders: boolean[] = [];
    let replayed = false;
    const root = await act(async () =>
      hydrateRoot(
        container,
        <Page early={early} onReplayed={() => (replayed = true)}>
          <RerenderedOnceHydrated onRender={(hydrated) => renders.push(hydrated)} />
        </Page>,
      ),
    );
    await waitFor(() => expect(replayed).toBe(true));
    expect(renders).toContain(true);
    expect(output(container)).toHaveTextContent('amount=7 monthly=true sort=newest message=');
    expect(amountOf(container).value).toBe('7');

    // Nothing is left to replay, and input after hydration is React's own.
    expect(early.replay()).toBe(0);
    act(() => type(amountOf(container), '75'));
    expect(output(container)).toHaveTextContent('amount=75 ');
    act(() => root.unmount());
    container.remove();
  });

  it('keeps keys typed after hydration: a later re-render never puts the server’s value back under them', async () => {
    const container = serverPage(<Form />);
    const early = recordEarlyInput(container);
    // Typed before React listens: React does not hear it.
    type(amountOf(container), '1');
    let replayed = false;
    const page = (onRender?: () => void) => (
      <Page early={early} onReplayed={() => (replayed = true)}>
        <Form onRender={onRender} />
      </Page>
    );
    const root = await act(async () => hydrateRoot(container, page()));
    // The next key comes once the page is hydrated, before the replay; then the page re-renders.
    act(() => type(amountOf(container), '12'));
    await waitFor(() => expect(replayed).toBe(true));
    act(() => root.render(page(() => {})));
    expect(output(container)).toHaveTextContent('amount=12 ');
    expect(amountOf(container).value).toBe('12');
    act(() => root.unmount());
    container.remove();
  });

  it('clicks again the buttons the visitor clicked before the application ran, once, and only those still usable', async () => {
    function Share() {
      const [open, setOpen] = useState(false);
      const [follows, setFollows] = useState(0);
      return (
        <div>
          <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            Share
          </button>
          <button type="button" onClick={() => setFollows((n) => n + 1)}>
            Follow
          </button>
          <button type="button" disabled>
            Sold out
          </button>
          <output>{`follows=${follows}`}</output>
        </div>
      );
    }
    const container = serverPage(<Share />);
    const [share, follow, soldOut] = [...container.querySelectorAll('button')];
    const elsewhere = document.createElement('button');
    // What the first-use loader kept: the share button, the sold-out one, and a button outside the page's root.
    const clicks: Element[] = [share!, soldOut!, elsewhere];
    const early = recordEarlyInput(container, clicks);
    let replayed = false;
    const root = await act(async () =>
      hydrateRoot(
        container,
        <Page early={early} onReplayed={() => (replayed = true)}>
          <Share />
        </Page>,
      ),
    );
    await waitFor(() => expect(replayed).toBe(true));
    expect(share).toHaveAttribute('aria-expanded', 'true');
    expect(output(container)).toHaveTextContent('follows=0');
    expect(clicks).toEqual([]);
    // Replayed once: the next replay clicks nothing, and React hears clicks itself.
    expect(early.replay()).toBe(0);
    act(() => follow!.click());
    expect(output(container)).toHaveTextContent('follows=1');
    act(() => root.unmount());
    container.remove();
  });

  it('submits a form whose submit button was pressed before the application ran, with what was typed', async () => {
    const submitted: string[] = [];
    function Checkout() {
      const [email, setEmail] = useState('');
      const onSubmit = (event: FormEvent) => {
        event.preventDefault();
        submitted.push(email);
      };
      return (
        <form onSubmit={onSubmit}>
          <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <button type="submit">Support</button>
        </form>
      );
    }
    const container = serverPage(<Checkout />);
    container.querySelector('input')!.value = 'bro@example.com';
    // What the first-use loader kept: the form's submit button (its plain HTML submission stopped).
    const clicks: Element[] = [container.querySelector('button')!];
    const early = recordEarlyInput(container, clicks);
    const root = await act(async () =>
      hydrateRoot(
        container,
        <Page early={early}>
          <Checkout />
        </Page>,
      ),
    );
    await waitFor(() => expect(submitted).toEqual(['bro@example.com']));
    act(() => root.unmount());
    container.remove();
  });
});
