import { Badge, HStack } from '@chakra-ui/react';

/** A wrapping row of mono badges naming machine values (scopes, event types), labelled for screen readers. */
export function CodeBadges({ label, values, colorPalette }: { label: string; values: readonly string[]; colorPalette: string }) {
  return (
    <HStack gap="1" wrap="wrap" mt="2" aria-label={label}>
      {values.map((v) => (
        <Badge key={v} variant="subtle" colorPalette={colorPalette} fontFamily="mono">
          {v}
        </Badge>
      ))}
    </HStack>
  );
}
