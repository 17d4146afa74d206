import { describe, expect, it, jest } from '@jest/globals';
import type { ActivityDto, WorkspaceDto } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test-utils';
import ActivityPage from './ActivityPage';

jest.setTimeout(20_000);

const PERSONAL = { id: 'w1', name: 'Personal', slug: 'personal', isPersonal: true, role: 'owner' } as unknown as WorkspaceDto;
/** 30 changes, 25 a page: change n renamed the link "Link n". */
const pageOf = (page: number): ActivityDto => {
  const from = (page - 1) * 25 + 1;
  return {
    data: Array.from({ length: Math.min(25, 30 - from + 1) }, (_, i) => ({
      at: '2026-11-26T10:00:00.000Z',
      actor: { type: 'user', id: 'u1', name: 'ana' },
      action: 'link-updated',
      target: { type: 'link', id: `l${from + i}`, name: `Link ${from + i}` },
    })),
    total: 30,
  };
};

/** Answers the workspaces and page 1 at once; page 2 waits for the returned `answer()`. */
function serve() {
  let answer: () => void = () => undefined;
  const json = (body: unknown) => ({ ok: true, status: 200, statusText: 'OK', json: async () => body, text: async () => JSON.stringify(body) });
  const fn = jest.fn(async (url: unknown) => {
    const u = new URL(String(url), 'http://localhost');
    if (!u.pathname.endsWith('/activity')) return json([PERSONAL]);
    const page = Number(u.searchParams.get('page'));
    if (page === 2) await new Promise<void>((r) => (answer = r));
    return json(pageOf(page));
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  const asked = (page: number) => fn.mock.calls.some(([u]) => String(u).includes('/activity') && String(u).includes(`page=${page}`));
  return { answer: () => answer(), asked };
}

/** Activity (docs/product.md#workspaces): the changes on screen stay until the next page's arrive. */
describe('Activity while the next page loads', () => {
  it('keeps page 1 on screen, not a skeleton, until page 2 arrives', async () => {
    const server = serve();
    renderWithProviders(<ActivityPage />);
    expect(await screen.findByText('link Link 1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.asked(2)).toBe(true));
    expect(screen.getByText('link Link 1')).toBeTruthy();
    expect(screen.getAllByTestId('activity-row')).toHaveLength(25);

    server.answer();
    expect(await screen.findByText('link Link 26')).toBeTruthy();
    expect(screen.queryByText('link Link 1')).toBeNull();
    expect(screen.getAllByTestId('activity-row')).toHaveLength(5);
  });
});
