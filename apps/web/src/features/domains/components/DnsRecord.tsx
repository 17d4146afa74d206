import { Box, Code, Grid, Text } from '@chakra-ui/react';

/** One DNS record to create, laid out as type / name / value / TTL. */
export function DnsRecord({ type, name, value, ttl, proxy }: { type: string; name: string; value: string; ttl: string; proxy?: string }) {
  const cells: [string, string][] = [
    ['Type', type],
    ['Name', name],
    ['Value / Target', value],
    ['TTL', ttl],
  ];
  if (proxy) cells.push(['Proxy status', proxy]);
  return (
    <Grid
      templateColumns={{ base: '1fr', sm: `repeat(${cells.length}, auto)` }}
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg="bg.subtle"
      my="2"
    >
      {cells.map(([label, v]) => (
        <Box key={label} minW="0">
          <Text fontSize="xs" color="fg.muted">
            {label}
          </Text>
          <Code wordBreak="break-all" whiteSpace="normal">
            {v}
          </Code>
        </Box>
      ))}
    </Grid>
  );
}
