import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../../test-utils';
import LinkAnalyticsPage from './LinkAnalyticsPage';
import { shade } from '../lib/country-shading';

const analytics = {
  link: {
    id: 'l1',
    name: 'Spring Campaign Landing',
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    originalUrl: 'https://example.com/spring',
    domain: null,
    shortCode: 'spring1',
    shortUrl: 'http://localhost:8080/s/spring1',
    utm: { source: 'newsletter' },
  },
  clicks: [
    {
      id: 'c1',
      country: 'United Kingdom',
      countryCode: 'GB',
      city: 'London',
      region: null,
      ipAddress: '81.2.69.160',
      clickedAt: new Date().toISOString(),
      userAgent: 'Mozilla/5.0 (X11)',
      browser: 'Chrome',
      os: 'Linux',
      device: 'desktop',
      referrer: null,
    },
    {
      id: 'c2',
      country: null,
      countryCode: null,
      city: null,
      region: null,
      ipAddress: '10.0.0.1',
      clickedAt: new Date().toISOString(),
      userAgent: '',
      browser: null,
      os: null,
      device: null,
      referrer: null,
    },
  ],
  clicksByCountry: [{ country: 'United Kingdom', countryCode: 'GB', count: 1 }],
  clicksByCity: [],
  clicksOverTime: [],
  clicksByBrowser: [{ name: 'Chrome', count: 1 }],
  clicksByOs: [],
  clicksByDevice: [],
  clicksByReferrer: [],
  clicksByLanguage: [
    { name: 'en', count: 1 },
    { name: 'Unknown', count: 1 },
  ],
  totalClicks: 2,
};

// The page with its charts and the lazily loaded world map renders slowly in jsdom when CI runs suites in parallel.
jest.setTimeout(20_000);

/** The page of link l1, its analytics answered with `body` (every other call with []); the fetch mock back. */
function renderPageWith(body: unknown) {
  const fetchFn = jest.fn(async (url: unknown) => {
    const json = String(url).startsWith('/api/links/l1/analytics') ? body : [];
    return { ok: true, status: 200, statusText: 'OK', json: async () => json, text: async () => JSON.stringify(json) };
  });
  globalThis.fetch = fetchFn as unknown as typeof fetch;
  renderWithProviders(
    <MemoryRouter initialEntries={['/links/l1/analytics']}>
      <Routes>
        <Route path="/links/:id/analytics" element={<LinkAnalyticsPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return fetchFn;
}

describe('LinkAnalyticsPage', () => {
  it('draws clicks over time first, offers All Time, and filters by a country, language or UTM value', async () => {
    const days = [
      { date: '2026-11-01', timestamp: '', clicks: 0 },
      { date: '2026-11-02', timestamp: '', clicks: 2 },
    ];
    const fetchFn = renderPageWith({
      ...analytics,
      clicksOverTime: days,
      range: { startDate: '2026-11-01', endDate: '2026-11-02' },
      previous: { startDate: '2026-10-30', endDate: '2026-10-31', totalClicks: 1, clicksOverTime: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Clicks Over Time' })).toBeInTheDocument();
    expect(screen.getByText('Nov 1, 2026 – Nov 2, 2026')).toBeInTheDocument();
    expect(screen.getByText('+100% vs period before')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Filter by Languages: en' }));
    expect(await screen.findByTestId('filter-chip-language')).toHaveTextContent('Language: en');
    expect(screen.queryByRole('button', { name: 'Filter by Languages: Unknown' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filter by UTM Source: newsletter' }));
    expect(await screen.findByTestId('filter-chip-utmSource')).toHaveTextContent('UTM source: newsletter');
    fireEvent.click(screen.getByRole('button', { name: 'Filter by United Kingdom' }));
    expect(await screen.findByTestId('filter-chip-country')).toHaveTextContent('Country: GB');
    fireEvent.change(screen.getByRole('combobox', { name: 'Analytics Filter' }), { target: { value: 'all' } });
    const urls = () => fetchFn.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/links/l1/analytics'));
    await waitFor(() => expect(urls().some((u) => /period=all&.*country=GB/.test(u) && !u.includes('startDate'))).toBe(true));
  });

  it('shows header, stats, flags, empty states and the click details', async () => {
    const fetchFn = renderPageWith(analytics);
    expect(await screen.findByRole('heading', { name: 'Spring Campaign Landing' })).toBeInTheDocument();
    expect(screen.getByText('Back to Links', { exact: false })).toHaveAttribute('href', '/links');
    expect(screen.getByTestId('stat-Active Days')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-Countries')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-Cities')).toHaveTextContent('0');
    expect(within(screen.getByTestId('country-list')).getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getAllByTestId('doughnut-legend-item').map((i) => i.textContent)).toEqual(['United Kingdom1']);
    expect(screen.getByText('No clicks in this period')).toBeInTheDocument();
    expect(screen.getByTestId('country-list').querySelector('[data-country-flag="GB"]')).not.toBeNull();
    expect(screen.getAllByText('No city data available yet')).toHaveLength(2);
    const first = String(fetchFn.mock.calls.find(([u]) => String(u).includes('/analytics'))![0]);
    expect(first).toMatch(/timezoneOffset=-?\d+&startDate=.+&endDate=.+&compare=previous/);
    fireEvent.click(screen.getByRole('tab', { name: 'Click Details' }));
    expect(await screen.findByText('Last 50 clicks on this link')).toBeInTheDocument();
    expect(screen.getByText('London, United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('Location unknown')).toBeInTheDocument();
    expect(screen.getByText(/10\.0\.0\.1 · .* · Unknown browser/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Timeline' }));
    expect(await screen.findByText('No timeline data available')).toBeInTheDocument();
  });

  it('shows QR scans, bot clicks, the variant split and the world map shaded by clicks', async () => {
    const body = {
      ...analytics,
      clicksByCountry: [
        { country: 'United Kingdom', countryCode: 'GB', count: 6 },
        { country: 'Germany', countryCode: 'DE', count: 1 },
      ],
      botClicks: 4,
      qrScans: 2,
      variantSplit: [
        { variant: 1, url: 'https://example.com/b', weight: 50, clicks: 1 },
        { variant: 0, url: 'https://example.com/a', weight: 50, clicks: 3 },
      ],
    };
    renderPageWith(body);
    const rows = await screen.findAllByTestId('variant-row');
    expect(screen.getByTestId('stat-QR Scans')).toHaveTextContent('2');
    expect(screen.getByTestId('stat-Bot Clicks')).toHaveTextContent('4');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Variant A · https://example.com/aweight 50%3 clicks (75%)',
      'Variant B · https://example.com/bweight 50%1 click (25%)',
    ]);
    const map = await screen.findByRole('img', { name: 'World map of clicks by country: United Kingdom 6, Germany 1' }, { timeout: 10_000 });
    const gb = map.querySelector('path[data-country="GB"]');
    const de = map.querySelector('path[data-country="DE"]');
    // The most clicked country gets the theme's "more" colour, the least clicked its "fewer" colour (country-shading.ts).
    expect(gb?.getAttribute('fill')).toBe(shade(6, 6));
    expect(de?.getAttribute('fill')).toBe(shade(1, 6));
    expect(shade(6, 6)).not.toBe(shade(1, 6));
    expect(gb?.querySelector('title')?.textContent).toBe('United Kingdom: 6 clicks');
    expect(map.querySelectorAll('path[data-country]')).toHaveLength(2);
    expect(map.querySelectorAll('path').length).toBeGreaterThan(150);
  });
});

/** docs/product.md#link-analytics: while another period loads, the figures on screen keep their own period's name. */
describe('LinkAnalyticsPage while another period loads', () => {
  it('keeps "Last 7 Days" under the 7-day Total Clicks until the 30-day answer arrives', async () => {
    let answer30: () => void = () => undefined;
    let asked30 = false;
    globalThis.fetch = jest.fn(async (url: unknown) => {
      const u = new URL(String(url), 'http://localhost');
      const analyticsCall = u.pathname === '/api/links/l1/analytics';
      // a 30-day range (Last 30 Days) waits for answer30(); Last 7 Days answers at once
      const days = analyticsCall ? (Date.parse(u.searchParams.get('endDate')!) - Date.parse(u.searchParams.get('startDate')!)) / 86_400_000 : 0;
      if (days > 20) {
        asked30 = true;
        await new Promise<void>((r) => (answer30 = r));
      }
      const json = analyticsCall ? { ...analytics, totalClicks: days > 20 ? 30 : 7 } : [];
      return { ok: true, status: 200, statusText: 'OK', json: async () => json, text: async () => JSON.stringify(json) };
    }) as unknown as typeof fetch;
    renderWithProviders(
      <MemoryRouter initialEntries={['/links/l1/analytics']}>
        <Routes>
          <Route path="/links/:id/analytics" element={<LinkAnalyticsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const totalCard = () => screen.getByTestId('stat-Total Clicks').parentElement!;
    await waitFor(() => expect(totalCard()).toHaveTextContent('Total Clicks7Last 7 Days'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Analytics Filter' }), { target: { value: 'last30days' } });
    await waitFor(() => expect(asked30).toBe(true));
    // the 7-day figure is still shown: so is its period's name, never "Last 30 Days" under it
    expect(totalCard()).toHaveTextContent('Total Clicks7Last 7 Days');

    answer30();
    await waitFor(() => expect(totalCard()).toHaveTextContent('Total Clicks30Last 30 Days'));
  });
});
