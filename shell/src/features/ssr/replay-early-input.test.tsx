import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { replayEarlyInput } from './replay-early-input';

function Form() {
  const [amount, setAmount] = useState('');
  const [monthly, setMonthly] = useState(false);
  const [sort, setSort] = useState('supporters');
  const [message, setMessage] = useState('');
  return (
    <form>
      <input aria-label="Amount" value={amount} onChange={(event) => setAmount(event.target.value)} />
      <input aria-label="Monthly" type="checkbox" checked={monthly} onChange={(event) => setMonthly(event.target.checked)} />
      <select aria-label="Sort" value={sort} onChange={(event) => setSort(event.target.value)}>
        <option value="supporters">Supporters</option>
        <option value="newest">Newest</option>
      </select>
      <textarea aria-label="Message" value={message} onChange={(event) => setMessage(event.target.value)} />
      <output>{`amount=${amount} monthly=${String(monthly)} sort=${sort} message=${message}`}</output>
    </form>
  );
}

describe('input made before hydration', () => {
  it('reaches the form’s state once the page has hydrated, and untouched controls are left alone; replaying twice changes nothing', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    // The visitor acts on the server's HTML before React has hydrated it.
    container.querySelector<HTMLInputElement>('input[aria-label="Amount"]')!.value = '7';
    container.querySelector<HTMLInputElement>('input[aria-label="Monthly"]')!.checked = true;
    container.querySelector<HTMLSelectElement>('select')!.value = 'newest';

    const root = await act(async () => hydrateRoot(container, <Form />));
    expect(container.querySelector('output')).toHaveTextContent('amount= monthly=false sort=supporters message=');

    let replayed = 0;
    act(() => {
      replayed = replayEarlyInput(container);
    });
    expect(replayed).toBe(3);
    expect(container.querySelector('output')).toHaveTextContent('amount=7 monthly=true sort=newest message=');
    expect(container.querySelector<HTMLInputElement>('input[aria-label="Amount"]')!.value).toBe('7');
    expect(container.querySelector<HTMLInputElement>('input[aria-label="Monthly"]')!.checked).toBe(true);

    // Replaying again (React's development mode runs mount effects twice) changes nothing.
    act(() => {
      replayEarlyInput(container);
    });
    expect(container.querySelector('output')).toHaveTextContent('amount=7 monthly=true sort=newest message=');
    act(() => root.unmount());
    container.remove();
  });
});
