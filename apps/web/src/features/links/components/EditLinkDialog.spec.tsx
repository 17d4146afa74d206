import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aLink, mockFetch, openAdvanced, renderWithProviders, restoreMocksAndToasts } from '../../../test-utils';
import { EditLinkDialog } from './EditLinkDialog';

const link = aLink({
  id: 'l1',
  name: 'Launch',
  shortCode: 'launch',
  shortUrl: 'http://s/s/launch',
  createdAt: '2026-11-01T00:00:00Z',
  maxClicks: 50,
  hasPassword: true,
  utm: { source: 'mail' },
  tags: ['spring'],
});

/** The PUT answers `status` with `body`; every other call gets `[]` with the same status. */
function serve(status: number, body: unknown) {
  return mockFetch((_url, init) => ({ status, body: init?.method === 'PUT' ? body : [] }));
}
const putBody = (fn: ReturnType<typeof serve>) =>
  JSON.parse(String((fn.mock.calls.find(([, i]) => (i as RequestInit)?.method === 'PUT')![1] as RequestInit).body));

describe('EditLinkDialog: link controls', () => {
  afterEach(restoreMocksAndToasts);

  it('shows the password as set (never its value) and removing it sends password: null with the other fields', async () => {
    const fn = serve(200, link);
    const onClose = jest.fn();
    renderWithProviders(<EditLinkDialog link={link} onClose={onClose} />);
    await openAdvanced();
    expect(screen.getByText('This link is password-protected.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Click limit')).toHaveValue('50');
    expect(screen.getByTestId('utm-preview')).toHaveTextContent('https://example.com/launch?utm_source=mail');
    fireEvent.click(screen.getByText('Remove the password'));
    await waitFor(() => expect(screen.getByLabelText('New password')).toBeDisabled());
    fireEvent.click(screen.getByRole('button', { name: 'Update Link' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(putBody(fn)).toEqual({
      name: 'Launch',
      originalUrl: 'https://example.com/launch',
      password: null,
      expiresAt: null,
      expiredUrl: null,
      maxClicks: 50,
      redirectType: 302,
      rules: null,
      variants: null,
      utm: { source: 'mail' },
      tags: ['spring'],
    });
  });

  it('keeps the password when the field stays empty and shows the server 400 in the dialog', async () => {
    const fn = serve(400, { statusCode: 400, message: 'maxClicks must be an integer ≥ 1' });
    renderWithProviders(<EditLinkDialog link={link} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Update Link' }));
    expect(await screen.findByTestId('server-error')).toHaveTextContent('maxClicks must be an integer ≥ 1');
    expect(putBody(fn)).not.toHaveProperty('password');
  });
});
