import { Flex, Link, Table, Text } from '@chakra-ui/react';
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Link as RouterLink } from 'react-router-dom';
import { aLink, linkActionHandlers as handlers, renderWithProviders } from '../../../test-utils';
import { LinksTable } from './LinksTable';

const link = aLink({ id: 'l1', shortCode: 'spring', name: 'Spring sale', clickCount: 12 });

/** A row as the table drew it with Chakra's components (DataTable, LinkTitle, Text, Link, IconButton). */
function ChakraRow() {
  return (
    <Table.Root size="sm">
      <Table.Body>
        <Table.Row data-testid="chakra-row">
          <Table.Cell>cell</Table.Cell>
          <Table.Cell maxW="16rem">
            <Flex gap="2" align="center" minW="0">
              <Link asChild fontWeight="semibold" truncate color="fg">
                <RouterLink to="/x">name</RouterLink>
              </Link>
            </Flex>
            <Text fontSize="sm" color="blue.fg" truncate>
              short
            </Text>
          </Table.Cell>
          <Table.Cell maxW="18rem">
            <Link href="https://example.com" fontSize="sm" display="block" truncate>
              url
            </Link>
          </Table.Cell>
          <Table.Cell textAlign="end">1</Table.Cell>
          <Table.Cell whiteSpace="nowrap">date</Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}

const classesOf = (row: HTMLElement) => [row, ...row.querySelectorAll('td, td > div, a, p')].map((el) => el.getAttribute('class'));

describe('LinksTable', () => {
  it("gives each row's elements the classes Chakra's components gave them", () => {
    renderWithProviders(
      <MemoryRouter>
        <ChakraRow />
        <LinksTable links={[link]} showOwner={false} shareId={null} handlers={handlers()} selected={() => false} onSelect={() => undefined} />
      </MemoryRouter>,
    );
    const chakra = classesOf(screen.getByTestId('chakra-row'));
    const row = screen.getByTestId('link-row');
    // the actions cell's own markup is LinkActions' (LinkActions.spec)
    const drawn = classesOf(row);
    expect(chakra.every((c) => /css-/.test(c ?? ''))).toBe(true);
    expect(drawn.slice(0, chakra.length)).toEqual(chakra);
  });

  it("shows the link's name (opening its analytics), short URL, original URL, clicks; ticks and actions reach the page", () => {
    const h = handlers();
    const onSelect = jest.fn();
    renderWithProviders(
      <MemoryRouter>
        <LinksTable links={[link]} showOwner={false} shareId={null} handlers={h} selected={() => false} onSelect={onSelect} />
      </MemoryRouter>,
    );
    const row = screen.getByTestId('link-row');
    expect(within(row).getByRole('link', { name: 'Analytics for Spring sale' })).toHaveAttribute('href', '/links/l1/analytics');
    expect(within(row).getByText('http://localhost:8080/s/spring')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'https://example.com/spring' })).toHaveAttribute('target', '_blank');
    expect(within(row).getByTestId('link-clicks')).toHaveTextContent('12');
    fireEvent.click(within(row).getByRole('checkbox', { name: 'Select Spring sale' }));
    expect(onSelect).toHaveBeenCalledWith(['l1'], true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all links on this page' }));
    expect(onSelect).toHaveBeenLastCalledWith(['l1'], true);
    fireEvent.click(within(row).getByRole('button', { name: 'Copy short link of Spring sale' }));
    expect(h.onCopy).toHaveBeenCalledWith(link);
  });
});
