import type { LinkDto } from '@app/contracts';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CreatedLinkCard } from '../components/CreatedLinkCard';
import { ShortenForm } from '../components/ShortenForm';
import { BulkShortenCard } from '../components/BulkShortenCard';

export default function ShortenPage() {
  useDocumentTitle('Shorten URL - LinkPulse', 'Create short links with custom codes, domains and social previews.');
  const [created, setCreated] = useState<LinkDto | null>(null);
  const { canEdit } = useCurrentWorkspace();
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Box textAlign="center">
        <Heading as="h1" size="2xl">
          Shorten Your Links
        </Heading>
        <Text color="fg.muted">Turn long addresses into short links you can share and track.</Text>
      </Box>
      {canEdit ? (
        <>
          <ShortenForm onCreated={setCreated} />
          <BulkShortenCard />
        </>
      ) : (
        <Text textAlign="center" role="status">
          You are a viewer in this workspace: an editor or owner can shorten links here.
        </Text>
      )}
      {created && <CreatedLinkCard link={created} />}
    </Stack>
  );
}
