import type { DomainDto } from '@app/contracts';
import { Badge, Box, Button, Flex, HStack, Input, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { formatDate, notify } from '../../../lib';
import { useDeleteDomain } from '../api/delete-domain';
import { useRegenerateSsl } from '../api/regenerate-ssl';
import { useUpdateDomain } from '../api/update-domain';
import { checkDomain, INVALID_DOMAIN_TITLE, invalidDomainMessage } from '../lib/validate-domain';

export const deleteDomainConfirmation = (domain: string) => `Are you sure you want to delete "${domain}"? This action cannot be undone.`;

/** One domain: badges, 'Added on', SSL generate/regenerate, inline edit (Update/Cancel), delete with confirm. */
export function DomainItem({ domain }: { domain: DomainDto }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(domain.domain);
  const update = useUpdateDomain();
  const remove = useDeleteDomain();
  const ssl = useRegenerateSsl();

  const save = (e: FormEvent) => {
    e.preventDefault();
    const check = checkDomain(draft);
    if (check.kind === 'empty') return;
    if (check.kind === 'invalid') {
      notify.error(INVALID_DOMAIN_TITLE, invalidDomainMessage());
      return;
    }
    update.mutate({ id: domain.id, domain: check.domain }, { onSuccess: () => setEditing(false) });
  };
  const confirmDelete = () => {
    if (window.confirm(deleteDomainConfirmation(domain.domain))) remove.mutate(domain.id);
  };

  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="4" data-testid="domain-item">
      {editing ? (
        <form onSubmit={save}>
          <Flex gap="2" wrap="wrap">
            <Input flex="1" minW="12rem" value={draft} onChange={(e) => setDraft(e.target.value)} aria-label={`New name for ${domain.domain}`} autoFocus />
            <HStack>
              <Button type="submit" size="sm" loading={update.isPending}>Update</Button>
              <Button size="sm" variant="outline" onClick={() => { setEditing(false); setDraft(domain.domain); }}>Cancel</Button>
            </HStack>
          </Flex>
        </form>
      ) : (
        <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
          <Box minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold" wordBreak="break-all">{domain.domain}</Text>
              <Badge colorPalette={domain.isActive ? 'green' : 'gray'}>{domain.isActive ? 'Active' : 'Inactive'}</Badge>
              <Badge colorPalette={domain.sslCertificate.exists ? 'blue' : 'orange'} variant="subtle" data-testid="ssl-badge">
                {domain.sslCertificate.exists ? `SSL: ${domain.sslCertificate.generated ?? 'Generated'}` : 'No SSL Certificate'}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted" mt="1">{`Added on ${formatDate(domain.createdAt)}`}</Text>
          </Box>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" loading={ssl.isPending} onClick={() => ssl.mutate({ id: domain.id, domain: domain.domain })}>
              {domain.sslCertificate.exists ? 'Regenerate SSL' : 'Generate SSL'}
            </Button>
            <Button size="sm" variant="outline" onClick={() => { setDraft(domain.domain); setEditing(true); }}>Edit</Button>
            <Button size="sm" variant="outline" colorPalette="red" loading={remove.isPending} onClick={confirmDelete}>Delete</Button>
          </HStack>
        </Flex>
      )}
    </Box>
  );
}
