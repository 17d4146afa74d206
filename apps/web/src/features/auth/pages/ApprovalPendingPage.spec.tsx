import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { UserDto } from '@app/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { toaster } from '../../../lib/toasts';
import { AuthContext, type AuthState } from '../../../lib/auth-context';
import { renderWithProviders } from '../../../test-utils';
import { APPROVAL_POLL_MS } from '../hooks/use-approval-watch';
import { ApprovalPendingPage } from './ApprovalPendingPage';

const user = (isApproved: boolean) => ({ id: 'u1', username: 'pat', isAdmin: false, isApproved }) as unknown as UserDto;

function renderPending(recheck: AuthState['recheck']) {
  const auth: AuthState = {
    user: user(false),
    sessionId: 's',
    isCheckingAuth: false,
    login: () => undefined,
    logout: async () => undefined,
    recheck,
  };
  return renderWithProviders(
    <AuthContext.Provider value={auth}>
      <ApprovalPendingPage />
    </AuthContext.Provider>,
  );
}

describe('ApprovalPendingPage', () => {
  afterEach(() => {
    jest.useRealTimers();
    act(() => void toaster.remove());
  });

  it('asks /api/auth/me again every few seconds and when the tab comes back, and says so once approved', async () => {
    jest.useFakeTimers();
    const answers = [user(false), user(true)];
    const recheck = jest.fn(async () => answers.shift() ?? null);
    renderPending(recheck);
    expect(screen.getByText('This page opens LinkPulse by itself once you are approved.')).toBeInTheDocument();
    expect(recheck).not.toHaveBeenCalled();
    await act(async () => void jest.advanceTimersByTime(APPROVAL_POLL_MS));
    expect(recheck).toHaveBeenCalledTimes(1);
    expect(toaster.getVisibleToasts()).toEqual([]);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(async () => void fireEvent(document, new Event('visibilitychange')));
    expect(recheck).toHaveBeenCalledTimes(2);
    expect(toaster.getVisibleToasts().map((t) => t.title)).toEqual(['Account Approved']);
  });
});
