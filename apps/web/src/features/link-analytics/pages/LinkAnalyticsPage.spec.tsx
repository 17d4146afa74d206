import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../../test-utils';
import LinkAnalyticsPage from './LinkAnalyticsPage';

const analytics = {
  link: { id: 'l1', name: 'Spring Campaign Landing', createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), originalUrl: 'https://example.com/spring', domain: null, shortCode: 'spring1', shortUrl: 'http://localhost:8080/s/spring1' },
  clicks: [
    { id: 'c1', country: 'United Kingdom', countryCode: 'GB', city: 'London', region: null, ipAddress: '81.2.69.160', clickedAt: new Date().toISOString(), userAgent: 'Mozilla/5.0 (X11)', browser: 'Chrome', os: 'Linux', device: 'desktop', referrer: null },
    { id: 'c2', country: null, countryCode: null, city: null, region: null, ipAddress: '10.0.0.1', clickedAt: new Date().toISOString(), userAgent: '', browser: null, os: null, device: null, referrer: null },
  ],
  clicksByCountry: [{ country: 'United Kingdom', countryCode: 'GB', count: 1 }],
  clicksByCity: [],
  clicksOverTime: [],
  clicksByBrowser: [{ name: 'Chrome', count: 1 }],
  clicksByOs: [],
  clicksByDevice: [],
  clicksByReferrer: [],
  totalClicks: 2,
};

describe('LinkAnalyticsPage', () => {
  it('shows header, stats, flags, empty states and the click details', async () => {
    const fetchFn = jest.fn(async (url: unknown) => {
      const body = String(url).startsWith('/api/links/l1/analytics') ? analytics : [];
      return { ok: true, status: 200, statusText: 'OK', json: async () => body, text: async () => JSON.stringify(body) };
    });
    globalThis.fetch = fetchFn as unknown as typeof fetch;
    renderWithProviders(
      <MemoryRouter initialEntries={['/links/l1/analytics']}>
        <Routes>
          <Route path="/links/:id/analytics" element={<LinkAnalyticsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Spring Campaign Landing' })).toBeInTheDocument();
    expect(screen.getByText('Back to Links', { exact: false })).toHaveAttribute('href', '/links');
    expect(screen.getByTestId('stat-Active Days')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-Countries')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-Cities')).toHaveTextContent('0');
    expect(screen.getByText('🇬🇧 United Kingdom')).toBeInTheDocument();
    expect(screen.getAllByText('No city data available yet')).toHaveLength(2);
    const first = String(fetchFn.mock.calls.find(([u]) => String(u).includes('/analytics'))![0]);
    expect(first).toMatch(/timezoneOffset=-?\d+&startDate=.+&endDate=.+/);
    fireEvent.click(screen.getByRole('tab', { name: 'Click Details' }));
    expect(await screen.findByText('Last 50 clicks on this link')).toBeInTheDocument();
    expect(screen.getByText('London, United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('Location unknown')).toBeInTheDocument();
    expect(screen.getByText(/10\.0\.0\.1 · .* · Unknown browser/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Timeline' }));
    expect(await screen.findByText('No timeline data available')).toBeInTheDocument();
  });
});
