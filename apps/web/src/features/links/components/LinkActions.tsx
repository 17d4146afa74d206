import type { LinkDto } from '@app/contracts';
import { Flex, IconButton, Menu, Portal } from '@chakra-ui/react';
import { Archive, ArchiveRestore, Copy, EllipsisVertical, Pencil, QrCode, Share2, Trash2 } from 'lucide-react';
import { useCurrentWorkspace } from '../../../api/get-workspaces';

export interface LinkActionHandlers {
  onShare: (link: LinkDto) => void;
  onEdit: (link: LinkDto) => void;
  onDelete: (link: LinkDto) => void;
  onCopy: (link: LinkDto) => void;
  onQr: (link: LinkDto) => void;
  onTag: (tag: string) => void;
  onArchive: (link: LinkDto, archived: boolean) => void;
}

/**
 * Per-row actions, compact: Copy as an icon button, the rest in a menu with icons (share, QR code, edit,
 * archive or unarchive, delete). The link's name opens its analytics (LinkTitle). A workspace viewer gets no
 * edit, archive or delete. The menu's items are rendered when it opens, not with every row of a page.
 */
export function LinkActions({ link, shareOpen, handlers }: { link: LinkDto; shareOpen: boolean; handlers: LinkActionHandlers }) {
  const label = (what: string) => `${what} ${link.name}`;
  const { canEdit } = useCurrentWorkspace();
  const run: Record<string, () => void> = {
    share: () => handlers.onShare(link),
    qr: () => handlers.onQr(link),
    edit: () => handlers.onEdit(link),
    archive: () => handlers.onArchive(link, !link.archived),
    delete: () => handlers.onDelete(link),
  };
  return (
    <Flex gap="1" align="center">
      <IconButton size="xs" variant="ghost" aria-label={label('Copy short link of')} title="Copy short link" onClick={() => handlers.onCopy(link)}>
        <Copy />
      </IconButton>
      <Menu.Root onSelect={(e) => run[e.value]?.()} lazyMount unmountOnExit>
        <Menu.Trigger asChild>
          <IconButton size="xs" variant="ghost" aria-label={label('Actions for')} title="More actions">
            <EllipsisVertical />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="11rem">
              <Menu.Item value="share" aria-label={label('Share')}>
                <Share2 size={14} /> {shareOpen ? 'Hide sharing' : 'Share'}
              </Menu.Item>
              <Menu.Item value="qr" aria-label={label('QR code of')}>
                <QrCode size={14} /> QR code
              </Menu.Item>
              {canEdit && (
                <>
                  <Menu.Item value="edit" aria-label={label('Edit')}>
                    <Pencil size={14} /> Edit
                  </Menu.Item>
                  <Menu.Item value="archive" aria-label={label(link.archived ? 'Unarchive' : 'Archive')}>
                    {link.archived ? <ArchiveRestore size={14} /> : <Archive size={14} />} {link.archived ? 'Unarchive' : 'Archive'}
                  </Menu.Item>
                  <Menu.Item value="delete" aria-label={label('Delete')} color="fg.error">
                    <Trash2 size={14} /> Delete
                  </Menu.Item>
                </>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Flex>
  );
}
