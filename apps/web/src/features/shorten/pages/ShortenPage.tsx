import type { LinkDto } from '@app/contracts';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CreatedLinkCard } from '../components/CreatedLinkCard';
import { ShortenForm } from '../components/ShortenForm';
import { BulkShortenCard } from '../components/BulkShortenCard';

export default function ShortenPage() {
  useDocumentTitle('Shorten URL - LinkPulse', 'Create short links with custom codes, domains and social previews.');
  const [created, setCreated] = useState<LinkDto | null>(null);
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Box textAlign="center">
        <Heading as="h1" size="2xl">
          Shorten Your Links
        </Heading>
        <Text color="fg.muted">Turn long addresses into short links you can share and track.</Text>
      </Box>
      <ShortenForm onCreated={setCreated} />
      {created && <CreatedLinkCard link={created} />}
      <BulkShortenCard />
    </Stack>
  );
}
