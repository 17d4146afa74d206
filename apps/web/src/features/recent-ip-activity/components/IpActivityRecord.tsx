import type { RecentIpActivityRecord } from '@app/contracts';
import { Badge, Box, Flex, HStack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../../lib';
import { ReferrerBadge } from './ReferrerBadge';

const orUnknown = (v: string | null) => v || 'Unknown';

/** One record: IP, click count, city, region, country, link name, referrer badge, last seen. */
export function IpActivityRecord({ record }: { record: RecentIpActivityRecord }) {
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="3" data-testid="ip-record">
      <Flex justify="space-between" gap="3" wrap="wrap" align="center">
        <HStack gap="2" wrap="wrap">
          <Text fontFamily="mono" fontWeight="semibold">{record.ipAddress}</Text>
          <Badge colorPalette="blue">{`${record.clickCount} ${record.clickCount === 1 ? 'click' : 'clicks'}`}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">{`Last seen ${formatDateTime(record.lastSeen)}`}</Text>
      </Flex>
      <Flex mt="2" gap="4" wrap="wrap" fontSize="sm">
        <Text><Text as="span" color="fg.muted">City: </Text>{orUnknown(record.city)}</Text>
        <Text><Text as="span" color="fg.muted">Region: </Text>{orUnknown(record.region)}</Text>
        <Text><Text as="span" color="fg.muted">Country: </Text>{orUnknown(record.country)}</Text>
      </Flex>
      <Flex mt="2" gap="3" wrap="wrap" align="center" fontSize="sm" minW="0">
        <Text truncate maxW="full"><Text as="span" color="fg.muted">Link: </Text>{record.linkName}</Text>
        <ReferrerBadge referrer={record.referrer} />
      </Flex>
    </Box>
  );
}
