import type { LinkDto } from '@app/contracts';
import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { TitledCard } from '../../../components/ui/TitledCard';
import { shortUrlOf } from '../../../lib/short-url';

export const TOP_LINKS = 3;

/** 'Top Performance Links': top 3 by click count (the server's sorted page; sorted again so a poll never reorders oddly). */
export function TopLinksCard({ links, isLoading }: { links: LinkDto[] | undefined; isLoading: boolean }) {
  const top = [...(links ?? [])].sort((a, b) => b.clickCount - a.clickCount).slice(0, TOP_LINKS);
  return (
    <TitledCard title="Top Performance Links" level="h2" headingSize="md">
      {isLoading ? (
        <Text color="fg.muted">Loading links...</Text>
      ) : top.length === 0 ? (
        <Text color="fg.muted">No links created yet.</Text>
      ) : (
        <Stack gap="3">
          {top.map((link) => (
            <Flex key={link.id} justify="space-between" gap="3" p="3" borderWidth="1px" borderRadius="md" data-testid="top-link">
              <Box minW="0">
                <Text fontWeight="semibold" truncate>
                  {link.name}
                </Text>
                <Text fontSize="sm" color="blue.fg" truncate>
                  {shortUrlOf(link)}
                </Text>
              </Box>
              <Box textAlign="right" flexShrink={0}>
                {link.clickCount > 0 ? (
                  <>
                    <Badge colorPalette="blue">{link.clickCount} clicks</Badge>
                    <Text fontSize="xs" color="fg.muted">
                      {link.clicksToday} today
                    </Text>
                  </>
                ) : (
                  <Text fontSize="sm" color="fg.muted">
                    No clicks yet
                  </Text>
                )}
              </Box>
            </Flex>
          ))}
        </Stack>
      )}
    </TitledCard>
  );
}
