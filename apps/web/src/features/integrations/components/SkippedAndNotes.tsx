import { DataTable, type Column } from '../../../components/ui/DataTable';

type ImportRow = { row: number; text: string };

/** Rows of an import with a text each (skipped rows and their reasons, notes); row 0 is the whole file. */
function ImportRowsTable({ label, heading, rows, testId }: { label: string; heading: string; rows: ImportRow[]; testId: string }) {
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

/**
 * An import's skipped rows with their reasons, then its notes, each table only when it has rows: the preview's and
 * the finished import's alike, told apart by their test ids.
 */
export function SkippedAndNotes({
  skipped,
  notes,
  skippedLabel,
  testIds,
}: {
  skipped: { row: number; reason: string }[];
  notes: { row: number; note: string }[];
  skippedLabel: string;
  testIds: { skipped: string; note: string };
}) {
  return (
    <>
      {skipped.length > 0 && (
        <ImportRowsTable label={skippedLabel} heading="Reason" testId={testIds.skipped} rows={skipped.map((s) => ({ row: s.row, text: s.reason }))} />
      )}
      {notes.length > 0 && (
        <ImportRowsTable label="Notes" heading="Note" testId={testIds.note} rows={notes.map((n) => ({ row: n.row, text: n.note }))} />
      )}
    </>
  );
}
