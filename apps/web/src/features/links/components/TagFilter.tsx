import type { TagDto } from '@app/contracts';
import { Button, Flex, Text } from '@chakra-ui/react';

/** GET /api/tags as filter chips: "All links" plus one per tag with its link count. */
export function TagFilter({ tags, selected, onSelect }: { tags: TagDto[]; selected: string | null; onSelect: (tag: string | null) => void }) {
  if (tags.length === 0 && !selected) return null;
  return (
    <Flex gap="1.5" wrap="wrap" align="center" role="group" aria-label="Filter by tag" data-testid="tag-filter">
      <Text fontSize="sm" color="fg.muted" me="1">
        Tags:
      </Text>
      <Button
        size="xs"
        borderRadius="full"
        variant={selected === null ? 'solid' : 'outline'}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        All links
      </Button>
      {tags.map((t) => (
        <Button
          key={t.tag}
          size="xs"
          borderRadius="full"
          colorPalette="purple"
          variant={selected === t.tag ? 'solid' : 'outline'}
          aria-pressed={selected === t.tag}
          onClick={() => onSelect(selected === t.tag ? null : t.tag)}
        >
          {t.tag} ({t.linkCount})
        </Button>
      ))}
    </Flex>
  );
}
