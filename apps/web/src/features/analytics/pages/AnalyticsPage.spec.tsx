import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithProviders } from '../../../test-utils';
import AnalyticsPage from './AnalyticsPage';

jest.setTimeout(20_000);

/** Row n of the Performance table (60 links, 25 a page). */
const row = (n: number) => ({
  id: `l${n}`,
  name: `Link number ${n}`,
  shortCode: `code${n}`,
  domain: null,
  clickCount: 100 - n,
  clicksInRange: 100 - n,
  lastClick: null,
  ownerUsername: null,
});
const pageOf = (page: number) => ({
  data: Array.from({ length: page === 3 ? 10 : 25 }, (_, i) => row((page - 1) * 25 + i + 1)),
  total: 60,
  page,
  limit: 25,
  summary: { links: 60, clicksInRange: 1000, totalClicks: 1000, lastClick: null },
});

/** Analytics, Performance tab (docs/product.md#analytics): the pager describes the rows on screen, also while the next page loads. */
describe('Analytics Performance paging', () => {
  it('while page 2 loads, page 1 stays with "Showing 1 to 25"; then page 2 with "Showing 26 to 50"', async () => {
    let answerPage2: () => void = () => undefined;
    let askedPage2 = false;
    const json = (body: unknown) => ({ ok: true, status: 200, statusText: 'OK', json: async () => body, text: async () => JSON.stringify(body) });
    globalThis.fetch = jest.fn(async (url: unknown) => {
      const u = new URL(String(url), 'http://localhost');
      if (u.pathname !== '/api/analytics/performance') return json({});
      const page = Number(u.searchParams.get('page') ?? 1);
      if (page === 2) {
        askedPage2 = true;
        await new Promise<void>((r) => (answerPage2 = r));
      }
      return json(pageOf(page));
    }) as unknown as typeof fetch;
    renderWithProviders(
      <MemoryRouter initialEntries={['/analytics?tab=performance']}>
        <AnalyticsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Showing 1 to 25 of 60 links')).toBeTruthy();
    expect(screen.getAllByText('Link number 1').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(askedPage2).toBe(true));
    expect(screen.getAllByText('Link number 1').length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 1 to 25 of 60 links')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    answerPage2();
    expect(await screen.findByText('Showing 26 to 50 of 60 links')).toBeTruthy();
    expect(screen.getAllByText('Link number 26').length).toBeGreaterThan(0);
    expect(screen.queryByText('Link number 1')).toBeNull();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});
