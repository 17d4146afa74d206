import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SharedAnalyticsDto } from '@app/contracts';
import { mockFetch, renderWithProviders, restoreMocksAndToasts } from '../../../test-utils';
import { shareTokenFromPath } from '../lib/share-path';
import { shareRangeOf } from '../lib/share-range';
import SharedStatsPage from './SharedStatsPage';

const TOKEN = 'a'.repeat(43);
const data: SharedAnalyticsDto = {
  subject: { type: 'tag', tag: 'spring' },
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  totalClicks: 1234,
  clicksOverTime: [{ date: '2026-11-01', clicks: 1234 }],
  countries: [{ country: 'Germany', countryCode: 'DE', clicks: 1000 }],
  cities: [{ city: 'Berlin', country: 'Germany', clicks: 900 }],
  devices: [{ value: 'mobile', label: 'mobile', clicks: 1234 }],
  browsers: [{ value: 'Firefox', label: 'Firefox', clicks: 1234 }],
  referrers: [{ value: 'direct', label: 'Direct', clicks: 1234 }],
};

describe('the shared stats page', () => {
  afterEach(restoreMocksAndToasts);

  it('reads its token from /share/{token} only', () => {
    expect(shareTokenFromPath(`/share/${TOKEN}`)).toBe(TOKEN);
    expect(shareTokenFromPath(`/share/${TOKEN}/`)).toBe(TOKEN);
    expect(shareTokenFromPath('/shared')).toBeNull();
    expect(shareTokenFromPath(`/share/${TOKEN}/more`)).toBeNull();
  });

  it('picks local days ending today', () => {
    expect(shareRangeOf('7', { startDate: '', endDate: '' }, new Date(2026, 10, 27, 15))).toEqual({ startDate: '2026-11-21', endDate: '2026-11-27' });
    expect(shareRangeOf('custom', { startDate: '2026-01-01', endDate: '2026-01-31' })).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
  });

  it('shows the figures without a session or workspace, from the public call', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: data }));
    renderWithProviders(<SharedStatsPage token={TOKEN} />);
    await screen.findByRole('heading', { level: 1, name: 'Tag “spring”' });
    expect(within(screen.getByTestId('shared-total')).getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Berlin, Germany')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(new RegExp(`^/api/public/shares/${TOKEN}/analytics\\?startDate=\\d{4}-\\d{2}-\\d{2}&endDate=`));
    expect(url).not.toContain('workspaceId');
    expect(init.headers).toEqual({});
  });

  it('asks for the password, sends it in X-Share-Password and says when it is wrong', async () => {
    const fetch = mockFetch((_url, init) => {
      const password = (init?.headers as Record<string, string>)['X-Share-Password'];
      if (password === 'right-password') return { status: 200, body: data };
      return {
        status: 401,
        body: { statusCode: 401, message: password ? 'The password is not right.' : 'This shared page needs its password (X-Share-Password).' },
      };
    });
    renderWithProviders(<SharedStatsPage token={TOKEN} />);
    await screen.findByRole('heading', { name: 'This page is protected' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show stats' }));
    expect(await screen.findByText('The password is not right.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show stats' }));
    await waitFor(() => expect(screen.getByTestId('shared-total')).toHaveTextContent('1,234'));
    expect(fetch.mock.calls.length).toBe(3);
  });

  it('says a revoked, expired or unknown share is gone', async () => {
    mockFetch(() => ({ status: 404, body: { statusCode: 404, message: 'This share link has expired or was revoked.' } }));
    renderWithProviders(<SharedStatsPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'This share link has expired or was revoked' })).toBeInTheDocument();
  });
});
