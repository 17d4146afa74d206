import { Flex, Tag } from '@chakra-ui/react';

/** A link's tags as chips; a click filters My Links by that tag. */
export function LinkTags({ tags, onSelect }: { tags: string[] | undefined; onSelect: (tag: string) => void }) {
  if (!tags?.length) return null;
  return (
    <Flex gap="1" wrap="wrap" mt="1" data-testid="link-tags">
      {tags.map((t) => (
        <Tag.Root key={t} size="sm" colorPalette="purple" asChild cursor="pointer">
          <button type="button" onClick={() => onSelect(t)} aria-label={`Show links tagged ${t}`}>
            <Tag.Label>{t}</Tag.Label>
          </button>
        </Tag.Root>
      ))}
    </Flex>
  );
}
