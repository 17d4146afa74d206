import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders, restoreMocksAndToasts } from '../../../test-utils';
import { buildCreateRequest, EMPTY_FORM } from '../lib/build-request';
import { CODE_ALPHABET, generateShortCode } from '../lib/short-code';
import { ShortenForm } from './ShortenForm';

const verification = (status: 'verified' | 'pending') => ({ status, record: null, checkedAt: null, expiresAt: null, error: null });
const domains = [
  {
    id: 'd1',
    domain: 'go.active.com',
    isActive: true,
    createdAt: '',
    sslCertificate: { exists: false, generated: null },
    verification: verification('verified'),
  },
  {
    id: 'd2',
    domain: 'old.inactive.com',
    isActive: false,
    createdAt: '',
    sslCertificate: { exists: false, generated: null },
    verification: verification('pending'),
  },
];

describe('short code generation and request', () => {
  it('generates 8 characters from the 62 letters and digits', () => {
    expect(CODE_ALPHABET).toHaveLength(62);
    for (let i = 0; i < 200; i++) expect(generateShortCode()).toMatch(/^[A-Za-z0-9]{8}$/);
  });
  it('defaults the name, generates an empty code and sends no domainId for default', () => {
    const req = buildCreateRequest({ ...EMPTY_FORM, originalUrl: ' https://example.com/x ' }, () => 'ABCDEFGH');
    expect(req).toEqual({ name: 'Untitled Link', shortCode: 'ABCDEFGH', originalUrl: 'https://example.com/x' });
    expect(buildCreateRequest({ ...EMPTY_FORM, originalUrl: 'https://e.com', domain: 'd1', shortCode: 'mine', ogTitle: 'T' })).toEqual({
      name: 'Untitled Link',
      shortCode: 'mine',
      originalUrl: 'https://e.com',
      domainId: 'd1',
      ogTitle: 'T',
    });
  });
});

describe('ShortenForm', () => {
  afterEach(restoreMocksAndToasts);

  it('offers only active domains; one awaiting DNS verification is listed disabled, with why', async () => {
    mockFetch(() => ({ status: 200, body: domains }));
    renderWithProviders(<ShortenForm onCreated={() => undefined} />);
    expect(await screen.findByRole('option', { name: 'go.active.com' })).toBeEnabled();
    expect(screen.queryByRole('option', { name: 'old.inactive.com' })).toBeNull();
    expect(screen.getByRole('option', { name: 'old.inactive.com (waiting for DNS verification)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Default domain' })).toBeInTheDocument();
  });

  it('an empty URL gives the toast and sends nothing', async () => {
    const fn = mockFetch(() => ({ status: 200, body: [] }));
    renderWithProviders(<ShortenForm onCreated={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Short Link' }));
    expect(await screen.findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(fn.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toHaveLength(0);
  });

  it('posts the link and reports success; server errors show its message', async () => {
    const created = jest.fn();
    let post: RequestInit | undefined;
    mockFetch((url, init) => {
      if (init?.method === 'POST') {
        post = init;
        return JSON.parse(String(init.body)).shortCode === 'taken'
          ? { status: 409, body: { statusCode: 409, message: 'This short code is already in use' } }
          : { status: 201, body: { id: 'l1', shortCode: 'abc', shortUrl: 'http://s/s/abc', name: 'Untitled Link' } };
      }
      return { status: 200, body: url.startsWith('/api/domains') ? domains : [] };
    });
    renderWithProviders(<ShortenForm onCreated={created} />);
    fireEvent.change(screen.getByLabelText('Long URL'), { target: { value: 'https://example.com/long' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Short Link' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const body = JSON.parse(String(post!.body));
    expect(body).toEqual({ name: 'Untitled Link', shortCode: expect.stringMatching(/^[A-Za-z0-9]{8}$/), originalUrl: 'https://example.com/long' });
    expect(screen.getByLabelText('Long URL')).toHaveValue('');

    fireEvent.change(screen.getByLabelText('Long URL'), { target: { value: 'https://example.com/long' } });
    fireEvent.change(screen.getByLabelText('Custom Short Code (optional)'), { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Short Link' }));
    // The toast (its view is loaded lazily with the first toast) and, kept in the form, the inline message.
    await waitFor(() => expect(screen.getAllByText('This short code is already in use')).toHaveLength(2), { timeout: 5000 });
    expect(screen.getByTestId('server-error')).toHaveTextContent('This short code is already in use');
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('with no response at all (network down) shows the catalogue fallback, not the browser text', async () => {
    globalThis.fetch = jest.fn(async (_url: unknown, init?: RequestInit) => {
      if (init?.method === 'POST') throw new TypeError('Failed to fetch');
      return { ok: true, status: 200, statusText: '', text: async () => '[]', json: async () => [] };
    }) as unknown as typeof fetch;
    renderWithProviders(<ShortenForm onCreated={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Long URL'), { target: { value: 'https://example.com/long' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Short Link' }));
    expect(await screen.findByText('Failed to create short link')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  });
});
