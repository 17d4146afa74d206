import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ImportResultDto } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toaster } from '../../../lib/toasts';
import { renderWithProviders } from '../../../test-utils';
import { IMPORT_POLL_MS } from '../api/get-import';
import { ImportCard } from './ImportCard';

interface Call {
  method: string;
  url: string;
  body?: { format: string; content: string; domainId?: string } | { multipart: Record<string, string> };
}

/** A multipart body as its fields (a file as `name (size B)`). */
const fields = (form: FormData) =>
  Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `${v.name} (${v.size} B)`]));

const CSV = 'url,code,name\nhttps://example.com/a,a1,A\nnot-a-url,b1,B\nhttps://example.com/c,c1,C\n';
/** What the dry run answers (POST with dryRun). */
const PREVIEW = {
  total: 3,
  wouldCreate: 2,
  skipped: [{ row: 2, reason: 'Please enter a valid URL' }],
  notes: [{ row: 3, note: 'title shortened from 240 to 200 characters.' }],
  shape: 'CSV (url, code, name, tags, expiresAt)',
};
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const isDryRun = (body: Call['body']) =>
  !!body && ('multipart' in body ? body.multipart.dryRun === 'true' : (body as { dryRun?: boolean }).dryRun === true);

// Chakra's first render in a file is slow on a busy machine; these tests wait for events, not for time.
jest.setTimeout(20_000);

describe('ImportCard', () => {
  let calls: Call[];
  /** What GET /api/imports/imp1 answers next (the test moves it along). */
  let state: ImportResultDto;

  beforeEach(() => {
    calls = [];
    state = { id: 'imp1', status: 'running', total: 3, created: 0, skipped: [], processed: 0, error: null, notes: [] };
    globalThis.fetch = jest.fn(async (url: unknown, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body instanceof FormData ? { multipart: fields(init.body) } : init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: String(url), body });
      let answer: unknown = [];
      let status = 200;
      if (String(url) === '/api/domains')
        answer = [
          { id: 'd1', domain: 'go.brand.com', isActive: true, createdAt: '2026-11-01T00:00:00Z', sslCertificate: { exists: false, generated: null } },
        ];
      if (String(url) === '/api/imports') [status, answer] = isDryRun(body) ? [200, PREVIEW] : [202, { id: 'imp1' }];
      if (String(url) === '/api/imports/imp1') answer = state;
      const text = JSON.stringify(answer);
      return { ok: true, status, statusText: 'OK', json: async () => JSON.parse(text), text: async () => text };
    }) as unknown as typeof fetch;
  });
  afterEach(() => act(() => toaster.remove()));

  it('asks for content before sending anything', async () => {
    renderWithProviders(<ImportCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Import' }));
    expect(await screen.findByText('Choose a file or paste its content')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('previews a dropped file (dry run), then uploads it as multipart with the format and domain, shows progress and the skipped rows', async () => {
    renderWithProviders(<ImportCard />);
    await screen.findByRole('option', { name: 'go.brand.com' });
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'shlink' } });
    fireEvent.change(screen.getByLabelText('Domain (optional)'), { target: { value: 'd1' } });
    const file = new File([CSV], 'links.csv', { type: 'text/csv' });
    fireEvent.drop(screen.getByTestId('file-drop-area'), { dataTransfer: { files: [file] } });
    expect(await screen.findByText(`Selected: links.csv (${CSV.length} B)`)).toBeInTheDocument();
    expect(screen.getByLabelText("Or paste the file's content")).toHaveValue('');

    // First the preview: a dry run of the same upload, shown before anything is created.
    fireEvent.click(screen.getByRole('button', { name: 'Preview Import' }));
    await waitFor(() =>
      expect(posts(calls).map((c) => c.body)).toEqual([
        { multipart: { format: 'shlink', domainId: 'd1', dryRun: 'true', file: `links.csv (${CSV.length} B)` } },
      ]),
    );
    expect(await screen.findByTestId('import-preview-summary')).toHaveTextContent('2 links will be created, 1 row skipped (of 3 rows)');
    expect(screen.getByTestId('import-preview-shape')).toHaveTextContent('Read as a CSV (url, code, name, tags, expiresAt).');
    const skippedRows = within(screen.getByRole('table', { name: 'Rows that will be skipped' })).getAllByTestId('preview-skipped-row');
    expect(skippedRows.map((r) => r.textContent)).toEqual(['2Please enter a valid URL']);
    const notes = within(screen.getByRole('table', { name: 'Notes' })).getAllByTestId('preview-note');
    expect(notes.map((r) => r.textContent)).toEqual(['3title shortened from 240 to 200 characters.']);
    expect(calls.some((c) => c.url === '/api/imports/imp1')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Import 2 links' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1].body).toEqual({ multipart: { format: 'shlink', domainId: 'd1', file: `links.csv (${CSV.length} B)` } });
    expect(screen.queryByTestId('import-preview')).toBeNull();
    // The browser sets the multipart Content-Type (with its boundary) itself.
    const init = (globalThis.fetch as jest.Mock).mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'POST')?.[1] as RequestInit;
    expect(init.headers).not.toHaveProperty('Content-Type');

    const bar = await screen.findByRole('progressbar');
    await screen.findByText('Importing... 0 of 3 rows');
    expect(bar).toHaveAttribute('aria-valuenow', '0');

    state = { ...state, processed: 2, created: 1, skipped: [{ row: 2, reason: 'url must be an http(s) URL' }] };
    await screen.findByText('Importing... 2 of 3 rows', undefined, { timeout: 8000 });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '66');

    state = { ...state, status: 'done', processed: 3, created: 2 };
    expect(await screen.findByText('Import finished', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('import-summary')).toHaveTextContent('2 links created, 1 row skipped');
    const rows = within(screen.getByRole('table', { name: 'Skipped rows' })).getAllByTestId('skipped-row');
    expect(rows.map((r) => r.textContent)).toEqual(['2url must be an http(s) URL']);

    // Finished: no more reads of the import (one poll interval later).
    const reads = calls.filter((c) => c.url === '/api/imports/imp1').length;
    await act(() => new Promise((r) => setTimeout(r, IMPORT_POLL_MS + 200)));
    expect(calls.filter((c) => c.url === '/api/imports/imp1')).toHaveLength(reads);
  }, 20_000); // two 1 s polls move it along

  it('sends the pasted text once the chosen file is removed', async () => {
    renderWithProviders(<ImportCard />);
    fireEvent.drop(screen.getByTestId('file-drop-area'), { dataTransfer: { files: [new File([CSV], 'links.csv')] } });
    await screen.findByText(/^Selected: links\.csv/);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText(/^Selected:/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Import' }));
    expect(await screen.findByText('Choose a file or paste its content')).toBeInTheDocument();
    act(() => toaster.remove());
    fireEvent.change(screen.getByLabelText("Or paste the file's content"), { target: { value: 'url\nhttps://example.com/p' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview Import' }));
    await waitFor(() => expect(posts(calls)[0]?.body).toEqual({ format: 'csv', content: 'url\nhttps://example.com/p', dryRun: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import 2 links' }));
    await waitFor(() => expect(posts(calls)[1]?.body).toEqual({ format: 'csv', content: 'url\nhttps://example.com/p' }));
  });

  it('shows why a failed import failed', async () => {
    state = { ...state, status: 'failed', error: 'The file has no url column' };
    renderWithProviders(<ImportCard />);
    fireEvent.change(screen.getByLabelText("Or paste the file's content"), { target: { value: 'link\nhttps://x.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview Import' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import 2 links' }));
    expect(await screen.findByText('Import failed')).toBeInTheDocument();
    expect(screen.getByText('The file has no url column')).toBeInTheDocument();
    expect(posts(calls)[1]?.body).toEqual({ format: 'csv', content: 'link\nhttps://x.org' });
  });
});
