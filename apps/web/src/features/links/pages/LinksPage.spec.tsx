import { describe, expect, it, jest } from '@jest/globals';
import type { LinkDto, LinkPage } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { aLink, renderWithProviders } from '../../../test-utils';
import LinksPage from './LinksPage';

jest.setTimeout(20_000);

const link = (n: number): LinkDto => aLink({ id: `l${n}`, name: `Link number ${n}`, shortCode: `code${n}`, originalUrl: `https://example.com/${n}` });
const pageOf = (page: number): LinkPage => ({
  data: Array.from({ length: page === 3 ? 10 : 25 }, (_, i) => link((page - 1) * 25 + i + 1)),
  total: 60,
  totalCapped: false,
  page,
  limit: 25,
});

/** My Links (docs/product.md#my-links): the pager's caption describes the rows on screen, also while the next page loads. */
describe('My Links paging', () => {
  it('while page 2 loads, page 1 stays on screen with its own caption; then page 2 and "Showing 26 to 50"', async () => {
    let answerPage2: () => void = () => undefined;
    const json = (body: unknown) => ({ ok: true, status: 200, statusText: 'OK', json: async () => body, text: async () => JSON.stringify(body) });
    globalThis.fetch = jest.fn(async (url: unknown) => {
      const u = new URL(String(url), 'http://localhost');
      if (u.pathname !== '/api/links') return json([]);
      const page = Number(u.searchParams.get('page') ?? 1);
      if (page === 2) await new Promise<void>((r) => (answerPage2 = r));
      return json(pageOf(page));
    }) as unknown as typeof fetch;
    renderWithProviders(
      <MemoryRouter initialEntries={['/links']}>
        <LinksPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Showing 1 to 25 of 60 links')).toBeTruthy();
    expect(screen.getAllByText('Link number 1').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect((globalThis.fetch as jest.Mock).mock.calls.some(([u]) => String(u).includes('page=2'))).toBe(true));
    // Page 1's rows are still shown: so is their caption, never "Showing 26 to 50" over them.
    expect(screen.getAllByText('Link number 1').length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 1 to 25 of 60 links')).toBeTruthy();
    expect(screen.queryByText('Showing 26 to 50 of 60 links')).toBeNull();

    answerPage2();
    expect(await screen.findByText('Showing 26 to 50 of 60 links')).toBeTruthy();
    expect(screen.getAllByText('Link number 26').length).toBeGreaterThan(0);
    expect(screen.queryByText('Link number 1')).toBeNull();
  });
});
