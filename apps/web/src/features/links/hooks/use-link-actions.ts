import type { LinkDto } from '@app/contracts';
import { useState } from 'react';
import { notify } from '../../../lib/toasts';
import { copyText } from '../../../lib/clipboard';
import { useDeleteLink } from '../api/delete-link';
import { useUpdateLink } from '../api/update-link';
import { shortUrlOf } from '../../../lib/short-url';

export const DELETE_CONFIRM = 'Are you sure you want to delete this link? This action cannot be undone.';

/** Copy, archive and delete (after the confirm dialog) with the toasts of docs/product.md#messages. */
export function useLinkActions() {
  const del = useDeleteLink();
  const update = useUpdateLink();
  const [confirming, setConfirming] = useState<LinkDto | null>(null);
  const copy = async (link: LinkDto) => {
    if (await copyText(shortUrlOf(link))) notify.success('Copied!', 'Short link copied to clipboard');
    else notify.error('Failed to copy link');
  };
  const confirmDelete = () => {
    if (!confirming) return;
    del.mutate(confirming.id, {
      onSuccess: () => notify.success('Link deleted successfully'),
      onError: () => notify.error('Failed to delete link'),
      onSettled: () => setConfirming(null),
    });
  };
  const archive = (link: LinkDto, archived: boolean) =>
    update.mutate(
      { id: link.id, name: link.name, originalUrl: link.originalUrl, archived },
      {
        onSuccess: () =>
          notify.success(archived ? 'Link archived' : 'Link restored', archived ? 'It keeps redirecting; find it under Archived.' : undefined),
        onError: () => notify.error(archived ? 'Failed to archive link' : 'Failed to restore link'),
      },
    );
  return {
    copy,
    archive,
    /** Asks first (the product's dialog): `confirming` is the link asked about. */
    remove: setConfirming,
    confirming,
    cancelDelete: () => setConfirming(null),
    confirmDelete,
    deleting: del.isPending,
  };
}
