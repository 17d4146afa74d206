import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { pageItems, showingRange } from './page-items';

interface PagerProps {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** What is counted: 'Showing 1 to 25 of 300 {noun}' (default records). */
  noun?: string;
  /** `total` is a capped count (more match): 'of 10,000+ {noun}' (docs/product.md#many-links). */
  totalCapped?: boolean;
}

/** A server-paged list's pager (Recent IP Activity, My Links): Previous, numbered pages (ellipses beyond 7 pages), Next, 'Showing X to Y of Z records'. */
export function Pager({ page, totalPages, total, pageSize, onPage, noun = 'records', totalCapped = false }: PagerProps) {
  const { from, to } = showingRange(page, pageSize, totalCapped ? Number.MAX_SAFE_INTEGER : total);
  const of = totalCapped ? `${total.toLocaleString('en')}+` : total;
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="3" align="center" justify="space-between" wrap="wrap">
      <Text fontSize="sm" color="fg.muted">{`Showing ${from} to ${to} of ${of} ${noun}`}</Text>
      {totalPages > 1 && (
        <HStack as="nav" aria-label="Pagination" gap="1" wrap="wrap" justify="center">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          {pageItems(page, totalPages).map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                size="sm"
                minW="9"
                variant={item === page ? 'solid' : 'outline'}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onPage(item)}
              >
                {item}
              </Button>
            ) : (
              <Text key={item} px="1" color="fg.muted" aria-hidden="true">
                …
              </Text>
            ),
          )}
          <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </HStack>
      )}
    </Flex>
  );
}
