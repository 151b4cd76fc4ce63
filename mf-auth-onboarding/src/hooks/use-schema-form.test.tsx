import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, signInSchema, type SignInValues } from '@beabro/shared/schemas/auth';
import { useSchemaForm } from './use-schema-form';

function SignInForm({ onValid = () => undefined }: { onValid?: (values: SignInValues) => void }) {
  const { field, handleSubmit } = useSchemaForm<{ email: string; password: string }, SignInValues>(signInSchema, {
    defaultValues: { email: 'not-an-email', password: '' },
  });
  const { error: emailError, ...email } = field('email');
  const { error: passwordError, ...password } = field('password');
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <input aria-label="Email" aria-invalid={emailError ? true : undefined} {...email} />
      {emailError ? <p role="alert">{emailError}</p> : null}
      <input aria-label="Password" {...password} />
      {passwordError ? <p>{passwordError}</p> : null}
      <button type="submit">Sign In</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it('shows a field message as soon as the field loses focus from the keyboard', async () => {
    render(<SignInForm />);
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailInvalid);
  });

  it('holds the message back while a press is under way, so the pressed button does not move before the click', async () => {
    vi.useFakeTimers();
    try {
      render(<SignInForm />);
      const button = screen.getByRole('button', { name: 'Sign In' });
      fireEvent.pointerDown(button);
      fireEvent.blur(screen.getByLabelText('Email'));
      await act(async () => {
        await Promise.resolve();
      });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      fireEvent.pointerUp(button);
      await act(async () => {
        await vi.runAllTimersAsync();
      });
      expect(screen.getByRole('alert')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('re-checks while typing only a field that shows a message, and checks everything on submit', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<SignInForm onValid={onValid} />);
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailInvalid);
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'er!!');
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]?.[0]).toEqual({ email: 'sam@example.com', password: 'shorter!!' });
  });
});
