import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { toaster } from '../../../lib/toasts';
import { AuthContext, type AuthState } from '../../../lib/auth-context';
import { renderWithProviders } from '../../../test-utils';
import { LoginPage } from './LoginPage';

const auth: AuthState = {
  user: null,
  sessionId: null,
  isCheckingAuth: false,
  login: () => undefined,
  logout: async () => undefined,
  recheck: async () => null,
};

function submit(mode: 'login' | 'register') {
  renderWithProviders(
    <AuthContext.Provider value={auth}>
      <LoginPage />
    </AuthContext.Provider>,
  );
  if (mode === 'register') fireEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
  fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'someone' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-pass-1' } });
  fireEvent.click(screen.getByRole('button', { name: mode === 'register' ? 'Create Account' : 'Sign In' }));
}

describe('LoginPage error toasts', () => {
  afterEach(() => toaster.remove());

  it('network down on sign-up: "Registration failed", not the browser text', async () => {
    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    submit('register');
    const inline = await screen.findByTestId('sign-up-error');
    expect(inline).toHaveTextContent('Registration FailedRegistration failed');
    expect(toaster.getVisibleToasts().map((t) => [t.title, t.description])).toEqual([['Registration Failed', 'Registration failed']]);
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });

  it('a server refusal on sign-up shows the server message', async () => {
    const body = JSON.stringify({ statusCode: 409, message: 'Username already taken' });
    globalThis.fetch = jest.fn(async () => ({
      ok: false,
      status: 409,
      statusText: 'Conflict',
      text: async () => body,
      json: async () => JSON.parse(body),
    })) as unknown as typeof fetch;
    submit('register');
    // On the form, beside the fields to change (a toast goes away), and announced.
    const inline = await screen.findByTestId('sign-up-error');
    expect(inline).toHaveTextContent('Username already taken');
    expect(inline).toHaveAttribute('role', 'alert');
    // Typing again keeps it until the next try; switching to sign-in drops it.
    fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.queryByTestId('sign-up-error')).toBeNull();
  });

  it('network down on sign-in: "Please try again."', async () => {
    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    submit('login');
    expect(await screen.findByText('Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });
});
