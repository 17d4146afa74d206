import type { LinkDto } from '@app/contracts';
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { Archive, ArchiveRestore, Copy, EllipsisVertical, Pencil, QrCode, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FLEX_CENTER, useChakraClasses } from '../../../components/ui/chakra-classes';
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

/** `<IconButton size="xs" variant="ghost">`'s style props, in IconButton's order. */
const ICON_BUTTON = { px: '0', py: '0', _icon: { fontSize: '1.2em' }, size: 'xs', variant: 'ghost' };

/**
 * Per-row actions, compact: Copy as an icon button, the rest in a menu with icons (share, QR code, edit,
 * archive or unarchive, delete). The link's name opens its analytics (LinkTitle). A workspace viewer gets no
 * edit, archive or delete. Both buttons are Chakra's ghost icon button drawn as plain buttons with its classes, and
 * the menu (a state machine) is made when its button is first pressed, not with every row of a page
 * (docs/performance-history.md, "A team's volume of links", sixth pass).
 */
export function LinkActions({ link, shareOpen, handlers }: { link: LinkDto; shareOpen: boolean; handlers: LinkActionHandlers }) {
  const cls = useChakraClasses('link-actions', ({ recipe, styled }) => ({
    // <Flex gap="1" align="center">
    group: styled(FLEX_CENTER, { gap: '1' }),
    button: recipe('button', ICON_BUTTON),
  }));
  const [menuMade, setMenuMade] = useState(false);
  const label = (what: string) => `${what} ${link.name}`;
  return (
    <div className={cls.group}>
      <button
        type="button"
        className={cls.button}
        aria-label={label('Copy short link of')}
        title="Copy short link"
        onClick={() => handlers.onCopy(link)}
      >
        <Copy />
      </button>
      {menuMade ? (
        <RowMenu link={link} shareOpen={shareOpen} handlers={handlers} label={label} />
      ) : (
        <button
          type="button"
          className={cls.button}
          aria-label={label('Actions for')}
          title="More actions"
          aria-haspopup="menu"
          aria-expanded="false"
          onClick={() => setMenuMade(true)}
        >
          <EllipsisVertical />
        </button>
      )}
    </div>
  );
}

/** The row's menu, open from the moment it is made (its button was pressed); it stays made afterwards. */
function RowMenu({
  link,
  shareOpen,
  handlers,
  label,
}: {
  link: LinkDto;
  shareOpen: boolean;
  handlers: LinkActionHandlers;
  label: (what: string) => string;
}) {
  const { canEdit } = useCurrentWorkspace();
  const [open, setOpen] = useState(true);
  const run: Record<string, () => void> = {
    share: () => handlers.onShare(link),
    qr: () => handlers.onQr(link),
    edit: () => handlers.onEdit(link),
    archive: () => handlers.onArchive(link, !link.archived),
    delete: () => handlers.onDelete(link),
  };
  return (
    <Menu.Root open={open} onOpenChange={(e) => setOpen(e.open)} onSelect={(e) => run[e.value]?.()} lazyMount unmountOnExit>
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
  );
}
