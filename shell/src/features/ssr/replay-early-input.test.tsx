import { act, useState, type FormEvent } from 'react';
import { waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { recordEarlyInput } from './replay-early-input';

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

const output = (container: HTMLElement) => container.querySelector('output');

describe('input made before hydration', () => {
  it('reaches the form’s state once the page has hydrated, even after a re-render put the server’s values back', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    // The visitor acts on the server's HTML before the scripts run...
    container.querySelector<HTMLInputElement>('input[aria-label="Amount"]')!.value = '7';
    container.querySelector<HTMLInputElement>('input[aria-label="Monthly"]')!.checked = true;
    const early = recordEarlyInput(container);
    // ...and while React hydrates (an event it does not handle yet).
    const sort = container.querySelector('select')!;
    sort.value = 'newest';
    sort.dispatchEvent(new Event('change', { bubbles: true }));

    const root = await act(async () => hydrateRoot(container, <Form />));
    // A re-render right after hydration writes the server's values back into the controls.
    await act(async () => root.render(<Form onRender={() => {}} />));
    expect(output(container)).toHaveTextContent('amount= monthly=false sort=supporters message=');

    early.stop();
    let replayed = 0;
    act(() => {
      replayed = early.replay();
    });
    expect(replayed).toBe(3);
    expect(output(container)).toHaveTextContent('amount=7 monthly=true sort=newest message=');
    expect(container.querySelector<HTMLInputElement>('input[aria-label="Amount"]')!.value).toBe('7');

    // Nothing is left to replay, and input after hydration is React's own.
    expect(early.replay()).toBe(0);
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
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Share />);
    document.body.append(container);
    const [share, follow, soldOut] = [...container.querySelectorAll('button')];
    const elsewhere = document.createElement('button');
    // What the first-use loader kept: the share button, the sold-out one, and a button outside the page's root.
    const clicks: Element[] = [share!, soldOut!, elsewhere];
    const early = recordEarlyInput(container, clicks);

    const root = await act(async () => hydrateRoot(container, <Share />));
    early.stop();
    let replayed = 0;
    act(() => {
      replayed = early.replay();
    });
    expect(replayed).toBe(1);
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
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Checkout />);
    document.body.append(container);
    container.querySelector('input')!.value = 'bro@example.com';
    // What the first-use loader kept: the form's submit button (its plain HTML submission stopped).
    const clicks: Element[] = [container.querySelector('button')!];
    const early = recordEarlyInput(container, clicks);
    const root = await act(async () => hydrateRoot(container, <Checkout />));
    early.stop();
    await act(async () => {
      expect(early.replay()).toBe(2);
    });
    await waitFor(() => expect(submitted).toEqual(['bro@example.com']));
    act(() => root.unmount());
    container.remove();
  });
});
