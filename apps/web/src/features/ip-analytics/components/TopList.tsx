import { Box, Card, Flex, Stack, Text } from '@chakra-ui/react';

export interface TopRow {
  key: string;
  label: string;
  ipCount: number;
  clickCount: number;
}

export function TopList({ title, rows, empty }: { title: string; rows: TopRow[]; empty: string }) {
  const max = Math.max(1, ...rows.map((r) => r.ipCount));
  return (
    <Card.Root>
      <Card.Header><Card.Title>{title}</Card.Title></Card.Header>
      <Card.Body>
        {rows.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="4">{empty}</Text>
        ) : (
          <Stack as="ol" gap="3" m="0" p="0" listStyleType="none">
            {rows.map((r) => (
              <Box as="li" key={r.key}>
                <Flex justify="space-between" gap="2" fontSize="sm">
                  <Text truncate>{r.label}</Text>
                  <Text flexShrink={0} color="fg.muted">{`${r.ipCount} IPs · ${r.clickCount} clicks`}</Text>
                </Flex>
                <Box h="1.5" bg="bg.muted" borderRadius="full" mt="1">
                  <Box h="full" bg="teal.solid" borderRadius="full" width={`${(r.ipCount / max) * 100}%`} />
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
