import { Flex, IconButton } from '@chakra-ui/react';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { Copy } from 'lucide-react';
import { aLink, linkActionHandlers as handlers, renderWithProviders } from '../../../test-utils';
import { LinkActions } from './LinkActions';

const link = aLink({ id: 'l1', shortCode: 'spring', name: 'Spring sale' });

describe('LinkActions', () => {
  it("draws Chakra's ghost icon buttons in a flex row, with their classes", () => {
    renderWithProviders(
      <>
        <Flex gap="1" align="center" data-testid="chakra-group">
          <IconButton size="xs" variant="ghost" aria-label="chakra">
            <Copy />
          </IconButton>
        </Flex>
        <LinkActions link={link} shareOpen={false} handlers={handlers()} />
      </>,
    );
    const chakra = screen.getByRole('button', { name: 'chakra' });
    const copy = screen.getByRole('button', { name: 'Copy short link of Spring sale' });
    expect(chakra.className).toMatch(/^chakra-button css-/);
    expect(copy.className).toBe(chakra.className);
    expect(screen.getByRole('button', { name: 'Actions for Spring sale' }).className).toBe(chakra.className);
    expect(copy.parentElement!.className).toBe(screen.getByTestId('chakra-group').className);
  });

  it("makes its menu on the first press, open, with the row's actions (choosing one: the browser specs)", async () => {
    mockWorkspaces();
    renderWithProviders(<LinkActions link={link} shareOpen={false} handlers={handlers()} />);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Spring sale' }));
    await screen.findByRole('menuitem', { name: 'Archive Spring sale' });
    const items = screen.getAllByRole('menuitem').map((i) => i.getAttribute('aria-label'));
    expect(items).toEqual(['Share Spring sale', 'QR code of Spring sale', 'Edit Spring sale', 'Archive Spring sale', 'Delete Spring sale']);
    expect(screen.getByRole('button', { name: 'Actions for Spring sale' })).toHaveAttribute('aria-expanded', 'true');
  });
});

function mockWorkspaces() {
  globalThis.fetch = (async () => ({ ok: true, status: 200, json: async () => [], text: async () => '[]' })) as unknown as typeof fetch;
}
