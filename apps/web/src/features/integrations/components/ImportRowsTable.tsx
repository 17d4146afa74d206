import { DataTable, type Column } from '../../../components/ui/DataTable';

type ImportRow = { row: number; text: string };

/** Rows of an import with a text each (skipped rows and their reasons, notes); row 0 is the whole file. */
export function ImportRowsTable({ label, heading, rows, testId }: { label: string; heading: string; rows: ImportRow[]; testId: string }) {
  const columns: Column<ImportRow>[] = [
    { header: 'Row', cell: (r) => (r.row === 0 ? 'File' : r.row), cellProps: { w: '5rem' } },
    { header: heading, cell: (r) => r.text, cellProps: { wordBreak: 'break-word' } },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(r, i) => `${r.row}-${i}`}
      rowTestId={testId}
      scroll={{ borderWidth: '1px', borderRadius: 'md', maxH: '24rem' }}
      table={{ stickyHeader: true }}
    />
  );
}
