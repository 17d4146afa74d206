import type { LinkAnalyticsDto } from '@app/contracts';
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { CountryFlag } from '../../../components/ui/CountryFlag';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatDateTime } from '../../../lib/dates';
import { browserToken } from '../lib/labels';

/** 'Recent Clicks': the last 50, each with flag, place, IP, time and browser. */
export function ClickDetailsTab({ data }: { data: LinkAnalyticsDto }) {
  const clicks = data.clicks.slice(0, 50);
  return (
    <TitledCard title="Recent Clicks" description="Last 50 clicks on this link">
      {clicks.length === 0 ? (
        <Text color="fg.muted">No clicks recorded yet</Text>
      ) : (
        <Stack gap="2">
          {clicks.map((c) => {
            const place = c.city && c.country ? `${c.city}, ${c.country}` : c.country || c.city || 'Location unknown';
            return (
              <Flex key={c.id} gap="3" p="2" borderWidth="1px" borderRadius="md" align="center" data-testid="click-row">
                <CountryFlag code={c.countryCode} size="1.75rem" />
                <Box minW="0" flex="1">
                  <Text fontSize="sm" fontWeight="medium">
                    {place}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {c.ipAddress} · {formatDateTime(c.clickedAt)} · {browserToken(c.userAgent)}
                  </Text>
                </Box>
              </Flex>
            );
          })}
        </Stack>
      )}
    </TitledCard>
  );
}
