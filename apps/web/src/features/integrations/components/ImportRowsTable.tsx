import { Table } from '@chakra-ui/react';

/** Rows of an import with a text each (skipped rows and their reasons, notes); row 0 is the whole file. */
export function ImportRowsTable({
  label,
  heading,
  rows,
  testId,
}: {
  label: string;
  heading: string;
  rows: { row: number; text: string }[];
  testId: string;
}) {
  return (
    // Focusable: a long list scrolls, and a keyboard must reach it (axe scrollable-region-focusable).
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="24rem" tabIndex={0} role="region" aria-label={label}>
      <Table.Root size="sm" stickyHeader aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="5rem">Row</Table.ColumnHeader>
            <Table.ColumnHeader>{heading}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r, i) => (
            <Table.Row key={`${r.row}-${i}`} data-testid={testId}>
              <Table.Cell>{r.row === 0 ? 'File' : r.row}</Table.Cell>
              <Table.Cell wordBreak="break-word">{r.text}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
