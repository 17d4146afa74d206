import { Box, Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLinks } from '../../links/api/get-links';
import { useDomains } from '../api/get-domains';
import { AddDomainForm } from '../components/AddDomainForm';
import { DnsInstructions } from '../components/DnsInstructions';
import { DomainItem } from '../components/DomainItem';
import { shortHost } from '../lib/short-host';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function DomainsPage() {
  useDocumentTitle('Custom Domains - LinkPulse', 'Manage your custom domains for branded short links.');
  const domains = useDomains();
  const links = useLinks();
  const host = shortHost(links.data, window.location.hostname);
  const list = domains.data ?? [];
  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="2xl">Custom Domains</Heading>
        <Text color="fg.muted">Manage your custom domains for branded short links</Text>
      </Box>
      <AddDomainForm />
      <Card.Root>
        <Card.Header>
          <Card.Title>Your Domains</Card.Title>
        </Card.Header>
        <Card.Body>
          {domains.isPending ? (
            <Stack gap="3">{[0, 1].map((i) => <Skeleton key={i} h="16" />)}</Stack>
          ) : list.length === 0 ? (
            <Text color="fg.muted" textAlign="center" py="6">No custom domains added yet</Text>
          ) : (
            <Stack as="ul" gap="3" m="0" p="0">
              {list.map((d) => <DomainItem key={d.id} domain={d} />)}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <DnsInstructions host={host} />
    </Stack>
  );
}
