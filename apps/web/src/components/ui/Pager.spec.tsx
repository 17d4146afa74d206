import { jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../app/system';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Pager } from './Pager';

function Harness({ total }: { total: number }) {
  const [page, setPage] = useState(1);
  return (
    <ChakraProvider value={system}>
      <Pager page={page} totalPages={Math.ceil(total / 10)} total={total} pageSize={10} onPage={setPage} />
    </ChakraProvider>
  );
}

const pageNumbers = () => screen.queryAllByRole('button', { name: /^Page \d+$/ }).map((b) => Number(b.textContent));

describe('Pager', () => {
  it('shows every page and no ellipsis up to 7 pages', () => {
    render(<Harness total={70} />);
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(screen.queryByText('…')).toBeNull();
    expect(screen.getByText('Showing 1 to 10 of 70 records')).toBeInTheDocument();
  });

  it('pages through more than 7 pages with ellipses, Previous and Next', () => {
    render(<Harness total={153} />);
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5, 16]);
    expect(screen.getAllByText('…')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(pageNumbers()).toEqual([1, 4, 5, 6, 16]);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Showing 41 to 50 of 153 records')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Page 16' }));
    expect(screen.getByText('Showing 151 to 153 of 153 records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Showing 141 to 150 of 153 records')).toBeInTheDocument();
  });

  it('says "10,000+" for a capped count and keeps Next while there is more', () => {
    const onPage = jest.fn();
    render(
      <ChakraProvider value={system}>
        <Pager page={400} totalPages={401} total={10_000} totalCapped pageSize={25} noun="links" onPage={onPage} />
      </ChakraProvider>,
    );
    expect(screen.getByText('Showing 9976 to 10000 of 10,000+ links')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(401);
  });
});
