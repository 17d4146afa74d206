import type { TagDto } from '@app/contracts';
import { Box, Button, Checkbox, Flex, Input, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, Tag as TagIcon } from 'lucide-react';
import { useState } from 'react';

const SHOWN = 50;

/**
 * The tag filter: one button opening a searchable list of the caller's tags (with link counts) to tick; stays
 * small with hundreds of tags. Links carrying any ticked tag are shown.
 */
export function TagFilter({ tags, selected, onChange }: { tags: TagDto[]; selected: string[]; onChange: (tags: string[]) => void }) {
  const [query, setQuery] = useState('');
  if (tags.length === 0 && selected.length === 0) return null;
  const q = query.trim().toLowerCase();
  const matching = tags.filter((t) => t.tag.toLowerCase().includes(q));
  const toggle = (tag: string, on: boolean) => onChange(on ? [...selected, tag] : selected.filter((t) => t !== tag));
  const label = selected.length === 0 ? 'All tags' : selected.length === 1 ? `Tag: ${selected[0]}` : `${selected.length} tags`;
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button size="sm" variant="outline" bg="bg" data-testid="tag-filter" aria-label={`Filter by tag: ${label}`}>
          <TagIcon /> {label} <ChevronDown />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="18rem" maxW="calc(100vw - 1rem)" aria-label="Filter by tag">
            <Popover.Body p="3">
              <Stack gap="2">
                <Input size="sm" placeholder="Search tags..." aria-label="Search tags" value={query} onChange={(e) => setQuery(e.target.value)} />
                <Box maxH="16rem" overflowY="auto">
                  {matching.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted" py="2">
                      No tags match
                    </Text>
                  ) : (
                    matching.slice(0, SHOWN).map((t) => (
                      <Checkbox.Root
                        key={t.tag}
                        size="sm"
                        display="flex"
                        py="1"
                        checked={selected.includes(t.tag)}
                        onCheckedChange={(e) => toggle(t.tag, e.checked === true)}
                      >
                        <Checkbox.HiddenInput aria-label={`${t.tag} (${t.linkCount})`} />
                        <Checkbox.Control />
                        <Checkbox.Label flex="1">
                          <Flex justify="space-between" gap="2">
                            <Text truncate>{t.tag}</Text>
                            <Text color="fg.muted">{t.linkCount}</Text>
                          </Flex>
                        </Checkbox.Label>
                      </Checkbox.Root>
                    ))
                  )}
                  {matching.length > SHOWN && <Text fontSize="xs" color="fg.muted">{`${matching.length - SHOWN} more: search to narrow`}</Text>}
                </Box>
                {selected.length > 0 && (
                  <Button size="xs" variant="ghost" onClick={() => onChange([])}>
                    Clear tags
                  </Button>
                )}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
