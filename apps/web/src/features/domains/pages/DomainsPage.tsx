import { Card, Stack } from '@chakra-ui/react';
import { SkeletonRows } from '../../../components/ui/ListBody';
import { QueryList } from '../../../components/ui/QueryList';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useLinkPage } from '../../../api/get-links';
import { useDomains } from '../../../api/get-domains';
import { useCurrentWorkspace } from '../../../api/get-workspaces';
import { AddDomainForm } from '../components/AddDomainForm';
import { DnsInstructions } from '../components/DnsInstructions';
import { DomainItem } from '../components/DomainItem';
import { shortHost } from '../lib/short-host';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function DomainsPage() {
  useDocumentTitle('Custom Domains - LinkPulse', 'Manage your custom domains for branded short links.');
  const domains = useDomains();
  const { canEdit } = useCurrentWorkspace();
  // one default-host link tells the real short host
  const links = useLinkPage({ limit: 1, archived: 'all' });
  const host = shortHost(links.data?.data, window.location.hostname);
  return (
    <Stack gap="6">
      <PageHeader layout="stack" title="Custom Domains" subtitle="Manage your custom domains for branded short links" />
      {canEdit && <AddDomainForm />}
      <Card.Root>
        <Card.Header>
          <Card.Title>Your Domains</Card.Title>
        </Card.Header>
        <Card.Body>
          <QueryList query={domains} placeholder={<SkeletonRows count={2} h="16" />} empty="No custom domains added yet" emptyPy="6">
            {(d) => <DomainItem key={d.id} domain={d} />}
          </QueryList>
        </Card.Body>
      </Card.Root>
      <DnsInstructions host={host} />
    </Stack>
  );
}
