import type { DomainDto } from '@app/contracts';
import { Box, Button, Code, Grid, HStack, IconButton, Text } from '@chakra-ui/react';
import { Copy } from 'lucide-react';
import { copyText, formatDateTime, notify } from '../../../lib';
import { useVerifyDomain } from '../api/verify-domain';

function CopyField({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    if (await copyText(value)) notify.success('Copied', `${label} copied to your clipboard.`);
  };
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <HStack gap="1" align="flex-start">
        <Code wordBreak="break-all" whiteSpace="normal">
          {value}
        </Code>
        <IconButton size="2xs" variant="ghost" aria-label={`Copy ${label}`} onClick={copy}>
          <Copy />
        </IconButton>
      </HStack>
    </Box>
  );
}

/** A pending (or expired) domain: the TXT record that proves ownership, with copy buttons, and 'Verify now'. */
export function DomainVerification({ domain }: { domain: DomainDto }) {
  const verify = useVerifyDomain();
  const v = domain.verification;
  if (v.status === 'verified' || !v.record) return null;
  return (
    <Box mt="3" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" data-testid="domain-verification">
      <Text fontSize="sm" mb="2">
        {v.status === 'expired'
          ? 'Verification expired: this domain was not verified within 7 days. Create the TXT record below, then verify.'
          : `Prove you own this domain: create this DNS TXT record, then press Verify now. It serves no links until verified${v.expiresAt ? ` (by ${formatDateTime(v.expiresAt)})` : ''}.`}
      </Text>
      <Grid templateColumns={{ base: '1fr', md: 'auto 1fr 1fr' }} gap="2">
        <Box>
          <Text fontSize="xs" color="fg.muted">
            Type
          </Text>
          <Code>{v.record.type}</Code>
        </Box>
        <CopyField label="Record name" value={v.record.name} />
        <CopyField label="Record value" value={v.record.value} />
      </Grid>
      {v.error ? (
        <Text
          fontSize="sm"
          color="fg.error"
          mt="2"
          role="status"
        >{`Last check${v.checkedAt ? ` (${formatDateTime(v.checkedAt)})` : ''}: ${v.error}`}</Text>
      ) : null}
      <Button mt="3" size="sm" colorPalette="blue" loading={verify.isPending} onClick={() => verify.mutate(domain.id)}>
        Verify now
      </Button>
    </Box>
  );
}
