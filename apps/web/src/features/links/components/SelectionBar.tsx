import type { BulkAction } from '@app/contracts';
import { Button, Flex, Input, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Archive, ArchiveRestore, Tag as TagIcon, Trash2, X } from 'lucide-react';
import { useState } from 'react';

export interface Selection {
  ids: Set<string>;
  /** Every link matching the current view ("select all N matching"), not only the ticked ones. */
  allMatching: boolean;
}

interface Props {
  selection: Selection;
  pageCount: number;
  total: number;
  /** `total` is capped (more match): "10,000+". */
  totalCapped: boolean;
  archivedView: boolean;
  busy: string | null;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (action: BulkAction, tags?: string[]) => void;
}

/** The action bar over a selection: how many, "Select all N matching", archive or unarchive, add or remove a tag, delete. */
export function SelectionBar({ selection, pageCount, total, totalCapped, archivedView, busy, onSelectAllMatching, onClear, onAction }: Props) {
  const count = selection.allMatching ? total : selection.ids.size;
  if (count === 0) return null;
  const pageFull = !selection.allMatching && selection.ids.size === pageCount && total > pageCount;
  const matching = `${total.toLocaleString()}${totalCapped ? '+' : ''}`;
  return (
    <Flex
      role="toolbar"
      aria-label="Selected links"
      data-testid="selection-bar"
      gap="2"
      align="center"
      wrap="wrap"
      p="2"
      borderWidth="1px"
      borderRadius="md"
      bg="blue.subtle"
    >
      <Text fontWeight="semibold" fontSize="sm" px="1">{`${selection.allMatching ? matching : count.toLocaleString()} selected`}</Text>
      {pageFull && (
        <Button size="xs" variant="outline" onClick={onSelectAllMatching}>
          {`Select all ${matching} matching`}
        </Button>
      )}
      {busy ? (
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {busy}
        </Text>
      ) : (
        <>
          {archivedView ? (
            <Button size="xs" variant="outline" onClick={() => onAction('unarchive')}>
              <ArchiveRestore /> Unarchive
            </Button>
          ) : (
            <Button size="xs" variant="outline" onClick={() => onAction('archive')}>
              <Archive /> Archive
            </Button>
          )}
          <TagButton label="Add tag" onTag={(t) => onAction('addTags', [t])} />
          <TagButton label="Remove tag" onTag={(t) => onAction('removeTags', [t])} />
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => onAction('delete')}>
            <Trash2 /> Delete
          </Button>
        </>
      )}
      <Button size="xs" variant="ghost" ms="auto" onClick={onClear} aria-label="Clear selection">
        <X /> Clear
      </Button>
    </Flex>
  );
}

function TagButton({ label, onTag }: { label: string; onTag: (tag: string) => void }) {
  const [open, setOpen] = useState(false);
  const [tag, setTag] = useState('');
  const submit = () => {
    const t = tag.trim();
    if (!t) return;
    setOpen(false);
    setTag('');
    onTag(t);
  };
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button size="xs" variant="outline">
          <TagIcon /> {label}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="16rem" aria-label={label}>
            <Popover.Body p="3">
              <Stack
                as="form"
                gap="2"
                onSubmit={(e) => {
                  e.preventDefault();
                  submit();
                }}
              >
                <Input size="sm" autoFocus placeholder="Tag" aria-label="Tag" maxLength={32} value={tag} onChange={(e) => setTag(e.target.value)} />
                <Button size="xs" type="submit" disabled={!tag.trim()}>
                  {label}
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
