import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { signInSchema } from '@beabro/shared/schemas/auth';
import { useFieldErrors } from './use-field-errors';

function EmailForm() {
  const [email, setEmail] = useState('not-an-email');
  const { errors, validateField } = useFieldErrors(signInSchema);
  return (
    <form>
      <input
        aria-label="Email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => validateField('email', { email, password: 'x' })}
      />
      {errors.email ? <p role="alert">{errors.email}</p> : null}
      <button type="button">Create Account</button>
    </form>
  );
}

describe('useFieldErrors', () => {
  it('shows a field message as soon as the field loses focus from the keyboard', () => {
    render(<EmailForm />);
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('holds the message back while a press is under way, so the pressed button does not move before the click', async () => {
    vi.useFakeTimers();
    try {
      render(<EmailForm />);
      const button = screen.getByRole('button', { name: 'Create Account' });
      fireEvent.pointerDown(button);
      fireEvent.blur(screen.getByLabelText('Email'));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      fireEvent.pointerUp(button);
      fireEvent.click(button);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(async () => {
        await vi.runAllTimersAsync();
      });
      expect(screen.getByRole('alert')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
