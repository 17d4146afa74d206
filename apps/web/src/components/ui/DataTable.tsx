import { Table, type TableCellProps, type TableRootProps, type TableScrollAreaProps } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** A figure: header and cells aligned to the end. */
  numeric?: boolean;
  /** Props of the column's cells (width, wrapping, font); the header takes its width. */
  cellProps?: TableCellProps;
  /** Props of the header cell alone. */
  headerProps?: TableCellProps;
}

interface DataTableProps<T> {
  columns: readonly (Column<T> | false | null | undefined)[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** Names the table; its scroll area becomes a focusable region (a keyboard must reach what scrolls). */
  label?: string;
  /** `data-testid` of each data row. */
  rowTestId?: string;
  /** A full-width row under a data row (an open panel), or nothing. */
  expanded?: (row: T) => ReactNode;
  /** Rows after the data (a total): `Table.Row`s. */
  footer?: ReactNode;
  /** The scroll area's props (border, height, `hideBelow`). */
  scroll?: TableScrollAreaProps;
  /** The table's props (`minW`, `stickyHeader`). */
  table?: TableRootProps;
}

/**
 * A list as a table: columns say their header and cell once, every screen's table has the same markup, size and
 * scrolling. Narrow screens usually show cards instead (each screen decides; see WorkersCard).
 */
export function DataTable<T>({ columns, rows, rowKey, label, rowTestId, expanded, footer, scroll, table }: DataTableProps<T>) {
  const shown = columns.filter((c): c is Column<T> => Boolean(c));
  const focusable = label ? { tabIndex: 0, role: 'region', 'aria-label': label } : {};
  return (
    <Table.ScrollArea {...focusable} {...scroll}>
      <Table.Root size="sm" aria-label={label} {...table}>
        <Table.Header>
          <Table.Row>
            {shown.map((c, i) => (
              <Table.ColumnHeader key={i} textAlign={c.numeric ? 'end' : undefined} w={c.cellProps?.w} {...c.headerProps}>
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => {
            const panel = expanded?.(row);
            return (
              <Fragment key={rowKey(row, index)}>
                <Table.Row data-testid={rowTestId}>
                  {shown.map((c, i) => (
                    <Table.Cell key={i} textAlign={c.numeric ? 'end' : undefined} {...c.cellProps}>
                      {c.cell(row)}
                    </Table.Cell>
                  ))}
                </Table.Row>
                {panel && (
                  <Table.Row>
                    <Table.Cell colSpan={shown.length}>{panel}</Table.Cell>
                  </Table.Row>
                )}
              </Fragment>
            );
          })}
          {footer}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
