import { jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../../app/system';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { CustomDomainRedirect } from './CustomDomainRedirect';

function answer(status: number, body: unknown) {
  globalThis.fetch = jest.fn(async () => ({
    ok: status < 400,
    status,
    statusText: '',
    text: async () => JSON.stringify(body),
    json: async () => body,
  })) as unknown as typeof fetch;
}

function renderRedirect(code: string, navigate: (url: string) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <CustomDomainRedirect code={code} navigate={navigate} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('CustomDomainRedirect', () => {
  it('sends the browser to the original URL of the code', async () => {
    answer(200, { originalUrl: 'https://example.org/landing?x=1' });
    const navigate = jest.fn<(url: string) => void>();
    renderRedirect('sale', navigate);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://example.org/landing?x=1'));
    expect((globalThis.fetch as jest.Mock).mock.calls[0][0]).toBe('/api/links/by-code/sale');
  });

  it("shows 'Link Not Found' for an unknown code", async () => {
    answer(404, { statusCode: 404, message: 'Link not found' });
    const navigate = jest.fn<(url: string) => void>();
    renderRedirect('nope', navigate);
    expect(await screen.findByRole('heading', { name: 'Link Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/shortened link you are looking for could not be found/)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('never navigates to a non-http target', async () => {
    answer(200, { originalUrl: 'javascript:alert(1)' });
    const navigate = jest.fn<(url: string) => void>();
    renderRedirect('bad', navigate);
    expect(await screen.findByRole('heading', { name: 'Link Not Found' })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });
});
