import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import type { IpSummaryDto } from '@app/contracts';
import { renderWithProviders } from '../../../test-utils';
import IpAnalyticsPage from './IpAnalyticsPage';

const capped = <T,>(make: (i: number) => T) => Array.from({ length: 100 }, (_, i) => make(i));
const summary: IpSummaryDto = {
  totalUniqueIPs: 1372717,
  totalCountries: 130,
  totalCities: 2345,
  totalRecentIPs: 5021,
  ipsByCountry: [
    { country: 'Germany', ipCount: 1, clickCount: 5 },
    ...capped((i) => ({ country: `Country ${i}`, ipCount: 0, clickCount: 0 })).slice(1),
  ],
  ipsByCity: capped((i) => ({ city: `City ${i}`, country: 'X', ipCount: 2, clickCount: 1 })),
  recentIPs: capped((i) => ({
    ipAddress: `10.0.0.${i}`,
    city: null,
    country: null,
    totalClicks: i === 0 ? 1 : 1500,
    firstSeen: '2026-01-01T00:00:00Z',
    lastSeen: '2026-01-01T00:00:00Z',
  })),
  dailyNewIPs: [],
};

describe('IP Analytics', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('cards show the true totals (not the capped list lengths), one number style, proper plurals', async () => {
    globalThis.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      statusText: '',
      text: async () => JSON.stringify(summary),
      json: async () => summary,
    })) as unknown as typeof fetch;
    renderWithProviders(<IpAnalyticsPage />);
    await screen.findByText('Germany');
    const card = async (label: string) => (await screen.findByText(label, { selector: 'p' })).parentElement!;
    expect(within(await card('Total Unique IPs')).getByText('1,372,717')).toBeInTheDocument();
    expect(within(await card('Countries')).getByText('130')).toBeInTheDocument();
    expect(within(await card('Cities')).getByText('2,345')).toBeInTheDocument();
    expect(within(await card('Recent Activity')).getByText('5,021')).toBeInTheDocument();
    expect(screen.getByText('1 IP · 5 clicks')).toBeInTheDocument();
    expect(screen.getAllByText('2 IPs · 1 click').length).toBeGreaterThan(0);
    expect(screen.getAllByText('1,500 clicks').length).toBe(99);
    expect(screen.getByText('1 click')).toBeInTheDocument();
  });
});
