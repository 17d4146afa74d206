import type { LinkDto } from '@app/contracts';
import { Box, Text } from '@chakra-ui/react';
import { ShareButtons } from '../../../components/share/ShareButtons';
import { shortUrlOf } from '../../../lib/short-url';

export function SharePanel({ link }: { link: LinkDto }) {
  return (
    <Box p="3" bg="bg.muted" borderRadius="md" data-testid="share-panel">
      <Text fontSize="sm" mb="2">
        Share this link on social media:
      </Text>
      <ShareButtons url={shortUrlOf(link)} title={link.name} />
    </Box>
  );
}
