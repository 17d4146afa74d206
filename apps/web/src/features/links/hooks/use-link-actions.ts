import type { LinkDto } from '@app/contracts';
import { notify } from '../../../components/ui/toaster';
import { copyText } from '../../../lib/clipboard';
import { useDeleteLink } from '../api/delete-link';
import { shortUrlOf } from '../../../lib/short-url';

export const DELETE_CONFIRM = 'Are you sure you want to delete this link? This action cannot be undone.';

/** Copy and delete with the toasts of docs/product.md#messages. */
export function useLinkActions() {
  const del = useDeleteLink();
  const copy = async (link: LinkDto) => {
    if (await copyText(shortUrlOf(link))) notify.success('Copied!', 'Short link copied to clipboard');
    else notify.error('Failed to copy link');
  };
  const remove = (link: LinkDto) => {
    if (!window.confirm(DELETE_CONFIRM)) return;
    del.mutate(link.id, {
      onSuccess: () => notify.success('Link deleted successfully'),
      onError: () => notify.error('Failed to delete link'),
    });
  };
  return { copy, remove, deleting: del.isPending ? del.variables : undefined };
}
