import type { RecentIpActivityRecord } from '@app/contracts';
import { Badge, Box, Flex, HStack, Text, type TextProps } from '@chakra-ui/react';
import { formatDateTime } from '../../../lib';
import { ReferrerBadge } from './ReferrerBadge';
import { countOf } from '../../../lib/numbers';

const orUnknown = (v: string | null) => v || 'Unknown';

/** A value with its muted label before it: 'City: Berlin'. */
function Labelled({ label, children, ...text }: TextProps & { label: string }) {
  return (
    <Text {...text}>
      <Text as="span" color="fg.muted">{`${label}: `}</Text>
      {children}
    </Text>
  );
}

/** One record: IP, click count, city, region, country, link name, referrer badge, last seen. */
export function IpActivityRecord({ record }: { record: RecentIpActivityRecord }) {
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderRadius="md" p="3" data-testid="ip-record">
      <Flex justify="space-between" gap="3" wrap="wrap" align="center">
        <HStack gap="2" wrap="wrap">
          <Text fontFamily="mono" fontWeight="semibold">
            {record.ipAddress}
          </Text>
          <Badge colorPalette="blue">{countOf(record.clickCount, 'click')}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">{`Last seen ${formatDateTime(record.lastSeen)}`}</Text>
      </Flex>
      <Flex mt="2" gap="4" wrap="wrap" fontSize="sm">
        <Labelled label="City">{orUnknown(record.city)}</Labelled>
        <Labelled label="Region">{orUnknown(record.region)}</Labelled>
        <Labelled label="Country">{orUnknown(record.country)}</Labelled>
      </Flex>
      <Flex mt="2" gap="3" wrap="wrap" align="center" fontSize="sm" minW="0">
        <Labelled label="Link" truncate maxW="full">
          {record.linkName}
        </Labelled>
        <ReferrerBadge referrer={record.referrer} />
      </Flex>
    </Box>
  );
}
