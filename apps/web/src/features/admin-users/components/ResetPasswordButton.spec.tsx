import { afterEach, describe, expect, it } from '@jest/globals';
import type { UserDto } from '@app/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { AuthContext, type AuthState } from '../../../lib/auth-context';
import { fetchCall, mockFetch, renderWithProviders, restoreMocksAndToasts, type FetchCall } from '../../../test-utils';
import { ResetPasswordButton } from './ResetPasswordButton';

const user = (id: string, username: string): UserDto => ({
  id,
  username,
  isAdmin: false,
  isApproved: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  approvedAt: '2026-11-01T10:00:00.000Z',
  mustChangePassword: false,
  twoFactorEnabled: false,
  hasPassword: true,
});
const admin = { ...user('a1', 'admin'), isAdmin: true };
const auth = {
  user: admin,
  sessionId: 's',
  isCheckingAuth: false,
  login: () => undefined,
  logout: async () => undefined,
  recheck: async () => undefined,
} as unknown as AuthState;
const renderFor = (target: UserDto) =>
  renderWithProviders(
    <AuthContext.Provider value={auth}>
      <ResetPasswordButton user={target} />
    </AuthContext.Provider>,
  );

describe('ResetPasswordButton', () => {
  afterEach(restoreMocksAndToasts);

  it('posts the reset and shows the temporary password once', async () => {
    const calls: FetchCall[] = [];
    mockFetch((url, init) => {
      calls.push(fetchCall(url, init));
      return { status: 200, body: { temporaryPassword: 'tmp-Secret-123456789012' } };
    });
    renderFor(user('u1', 'jane'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Temporary password (shown once): tmp-Secret-123456789012');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/admin/users/u1/reset-password']);
  });

  it("is not offered on the admin's own row", () => {
    renderFor(admin);
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
  });
});
