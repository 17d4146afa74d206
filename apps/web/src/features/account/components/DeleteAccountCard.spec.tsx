import { afterEach, describe, expect, it } from '@jest/globals';
import type { UserDto } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AuthContext, type AuthState } from '../../../lib/auth-context';
import { fetchCall, mockFetch, renderWithProviders, restoreMocksAndToasts, type FetchCall } from '../../../test-utils';
import { DeleteAccountCard } from './DeleteAccountCard';

const me = (twoFactorEnabled: boolean): UserDto => ({
  id: 'u1',
  username: 'jane',
  isAdmin: false,
  isApproved: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  approvedAt: '2026-11-01T10:00:00.000Z',
  mustChangePassword: false,
  twoFactorEnabled,
  hasPassword: true,
});
const renderFor = (user: UserDto) =>
  renderWithProviders(
    <AuthContext.Provider value={{ user, sessionId: 's', isCheckingAuth: false, logout: async () => undefined } as unknown as AuthState}>
      <DeleteAccountCard user={user} />
    </AuthContext.Provider>,
  );
const type = async (label: string, value: string) => fireEvent.change(await screen.findByLabelText(label, { exact: false }), { target: { value } });

/** "Delete my account" (docs/product.md#accounts): the password, and with two-factor sign-in on a code as well. */
describe('DeleteAccountCard', () => {
  afterEach(restoreMocksAndToasts);

  it('with two-factor sign-in on, the dialog asks for a code too and sends it with the password', async () => {
    const calls: FetchCall[] = [];
    mockFetch((url, init) => {
      calls.push(fetchCall(url, init));
      return { status: 200, body: {} };
    });
    renderFor(me(true));
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await type('Your password', 'jane-password-1');
    await type('Code from your authenticator app, or a recovery code', '123456');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Permanently' }));
    await waitFor(() =>
      expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([['DELETE', '/api/auth/account', { password: 'jane-password-1', code: '123456' }]]),
    );
  });

  it('without two-factor sign-in, the dialog asks for the password only', async () => {
    const calls: FetchCall[] = [];
    mockFetch((url, init) => {
      calls.push(fetchCall(url, init));
      return { status: 200, body: {} };
    });
    renderFor(me(false));
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await type('Your password', 'jane-password-1');
    expect(screen.queryByLabelText('Code from your authenticator app, or a recovery code', { exact: false })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Permanently' }));
    await waitFor(() =>
      expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([['DELETE', '/api/auth/account', { password: 'jane-password-1' }]]),
    );
  });
});
