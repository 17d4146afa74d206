import type { BulkAction, BulkActionDto } from '@app/contracts';

const DONE: Record<BulkAction, string> = {
  delete: 'deleted',
  archive: 'archived',
  unarchive: 'restored',
  addTags: 'tagged',
  removeTags: 'untagged',
  setExpiry: 'updated',
};

const links = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'link' : 'links'}`;

/** The toast after a bulk action: "1,234 links archived", and how many could not be changed. */
export function bulkOutcome(action: BulkAction, result: BulkActionDto): { title: string; description?: string } {
  const changed = result.done - result.failed.length;
  const title = `${links(changed)} ${DONE[action]}`;
  return result.failed.length ? { title, description: `${links(result.failed.length)} could not be changed.` } : { title };
}

/** While it runs: "Archiving… 500 of 10,000". */
export function bulkProgress(result: Pick<BulkActionDto, 'done' | 'total'>): string {
  return result.total ? `Working… ${result.done.toLocaleString()} of ${result.total.toLocaleString()}` : 'Working…';
}
