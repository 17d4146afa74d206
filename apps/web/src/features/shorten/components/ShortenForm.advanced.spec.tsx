import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, openAdvanced, renderWithProviders, restoreMocksAndToasts } from '../../../test-utils';
import { ShortenForm } from './ShortenForm';

const posts = (fn: ReturnType<typeof mockFetch>) => fn.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('ShortenForm: Advanced section', () => {
  afterEach(restoreMocksAndToasts);

  it('is collapsed by default and opens on click', async () => {
    mockFetch(() => ({ status: 200, body: [] }));
    renderWithProviders(<ShortenForm onCreated={() => undefined} />);
    expect(screen.getByRole('button', { name: /Advanced/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Expires at')).not.toBeVisible();
    await openAdvanced();
    expect(screen.getByLabelText('Expires at')).toBeVisible();
    expect(screen.getByLabelText('Expires at')).toHaveAttribute('type', 'datetime-local');
  });

  it('previews the final URL with the UTM values as they are typed', async () => {
    mockFetch(() => ({ status: 200, body: [] }));
    renderWithProviders(<ShortenForm onCreated={() => undefined} />);
    await openAdvanced();
    expect(screen.getByTestId('utm-preview')).toHaveTextContent('Enter a valid long URL to see the final URL.');
    fireEvent.change(screen.getByLabelText('Long URL'), { target: { value: 'https://example.com/shop?item=7' } });
    fireEvent.change(screen.getByLabelText('Source (utm_source)'), { target: { value: 'newsletter' } });
    fireEvent.change(screen.getByLabelText('Campaign (utm_campaign)'), { target: { value: 'black friday' } });
    expect(screen.getByTestId('utm-preview')).toHaveTextContent('https://example.com/shop?item=7&utm_source=newsletter&utm_campaign=black+friday');
  });

  it('warns that 301 and 308 are cached by browsers', async () => {
    mockFetch(() => ({ status: 200, body: [] }));
    renderWithProviders(<ShortenForm onCreated={() => undefined} />);
    const section = await openAdvanced();
    expect(within(section).queryByTestId('redirect-warning')).toBeNull();
    fireEvent.change(screen.getByLabelText('Redirect type'), { target: { value: '301' } });
    expect(screen.getByTestId('redirect-warning')).toHaveTextContent('repeat visits are not counted');
    fireEvent.change(screen.getByLabelText('Redirect type'), { target: { value: '307' } });
    expect(screen.queryByTestId('redirect-warning')).toBeNull();
  });

  it('variant weights must add up to 100: a clear message, nothing sent until fixed, then the variants are posted', async () => {
    const fn = mockFetch((url, init) =>
      init?.method === 'POST'
        ? { status: 201, body: { id: 'l1', shortCode: 'abc', shortUrl: 'http://s/s/abc', name: 'Untitled Link' } }
        : { status: 200, body: [] },
    );
    const created = jest.fn();
    renderWithProviders(<ShortenForm onCreated={created} />);
    await openAdvanced();
    fireEvent.change(screen.getByLabelText('Long URL'), { target: { value: 'https://example.com/landing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add A/B test' }));
    expect(screen.getByLabelText('Variant 1 weight (%)')).toHaveValue('50');
    expect(screen.getByLabelText('Variant 2 weight (%)')).toHaveValue('50');
    fireEvent.change(screen.getByLabelText('Variant 1 URL'), { target: { value: 'https://example.com/a' } });
    fireEvent.change(screen.getByLabelText('Variant 2 URL'), { target: { value: 'https://example.com/b' } });
    fireEvent.change(screen.getByLabelText('Variant 2 weight (%)'), { target: { value: '40' } });
    expect(screen.getByTestId('weight-sum')).toHaveTextContent('Total 90% of 100%');

    fireEvent.click(screen.getByRole('button', { name: 'Create Short Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Weights must add up to 100% (now 90%).');
    expect(posts(fn)).toHaveLength(0);

    // A third row, then removing it again: rows come and go.
    fireEvent.click(screen.getByRole('button', { name: 'Add variant' }));
    expect(screen.getByLabelText('Variant 3 URL')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 3' }));
    expect(screen.queryByLabelText('Variant 3 URL')).toBeNull();

    fireEvent.change(screen.getByLabelText('Variant 2 weight (%)'), { target: { value: '50' } });
    expect(screen.queryByTestId('variants-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Short Link' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const body = JSON.parse(String((posts(fn)[0][1] as RequestInit).body));
    expect(body.variants).toEqual([
      { url: 'https://example.com/a', weight: 50 },
      { url: 'https://example.com/b', weight: 50 },
    ]);
  });

  it('rules: add rows, a country must be a 2-letter code, removing the row clears the error', async () => {
    const fn = mockFetch(() => ({ status: 200, body: [] }));
    renderWithProviders(<ShortenForm onCreated={() => undefined} />);
    await openAdvanced();
    fireEvent.change(screen.getByLabelText('Long URL'), { target: { value: 'https://example.com/landing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    fireEvent.change(screen.getByLabelText('Rule 1 values'), { target: { value: 'Britain' } });
    fireEvent.change(screen.getByLabelText('Rule 1 destination URL'), { target: { value: 'https://example.com/uk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Short Link' }));
    expect(await screen.findByTestId('rules-error')).toHaveTextContent('Rule 1: countries are 2-letter codes such as GB, US, DE.');
    expect(posts(fn)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    expect(screen.queryByTestId('rules-error')).toBeNull();
  });

  it('tags become chips and are sent; a server 400 message stays in the form', async () => {
    let sent: Record<string, unknown> | undefined;
    mockFetch((url, init) => {
      if (init?.method !== 'POST') return { status: 200, body: [] };
      sent = JSON.parse(String(init.body));
      return { status: 400, body: { statusCode: 400, message: 'password must be 8 to 128 characters' } };
    });
    renderWithProviders(<ShortenForm onCreated={() => undefined} />);
    await openAdvanced();
    fireEvent.change(screen.getByLabelText('Long URL'), { target: { value: 'https://example.com/landing' } });
    const tag = screen.getByLabelText('Tags');
    fireEvent.change(tag, { target: { value: 'spring' } });
    fireEvent.keyDown(tag, { key: 'Enter' });
    fireEvent.change(tag, { target: { value: 'email' } });
    fireEvent.keyDown(tag, { key: ',' });
    expect(
      within(screen.getByTestId('tag-chips'))
        .getAllByText(/spring|email/)
        .map((e) => e.textContent),
    ).toEqual(['spring', 'email']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag spring' }));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Short Link' }));
    expect(await screen.findByTestId('server-error')).toHaveTextContent('password must be 8 to 128 characters');
    expect(sent).toMatchObject({ tags: ['email'], password: 'secret-1', originalUrl: 'https://example.com/landing' });
  });
});
