import { Button, Card, Flex, HStack, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { CountCard } from '../../../components/ui/CountCard';
import { ListBody } from '../../../components/ui/ListBody';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useState } from 'react';
import { RECENT_IP_PAGE_SIZE, useRecentIpActivity } from '../api/get-recent-ip-activity';
import { IpActivityRecord } from '../components/IpActivityRecord';
import { Pager } from '../../../components/ui/Pager';
import { distinctReferrers } from '../lib/referrer';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const DAY_FILTERS = [7, 14, 30] as const;

export default function RecentIpActivityPage() {
  useDocumentTitle('Recent IP Activity - LinkPulse');
  const [days, setDays] = useState<number>(7);
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, refetch } = useRecentIpActivity(days, page);
  const records = data?.data ?? [];
  // the window of the records on screen: the previous answer stays shown while the next loads (keepPreviousData)
  const shownDays = data?.days ?? days;
  // docs/product.md#recent-ip-activity: the cards describe the records on the current page.
  const totalClicks = records.reduce((sum, r) => sum + r.clickCount, 0);
  const uniqueIps = new Set(records.map((r) => r.ipAddress)).size;

  const chooseDays = (d: number) => {
    setDays(d);
    setPage(1);
  };

  return (
    <Stack gap="6">
      <PageHeader layout="stack" title="Recent IP Activity" subtitle="Visitors to your links by IP address, location and referrer">
        <HStack gap="2" wrap="wrap">
          <HStack gap="1" role="group" aria-label="Time period">
            {DAY_FILTERS.map((d) => (
              <Button key={d} size="sm" variant={days === d ? 'solid' : 'outline'} aria-pressed={days === d} onClick={() => chooseDays(d)}>
                {`${d} days`}
              </Button>
            ))}
          </HStack>
          <Button size="sm" variant="outline" onClick={() => void refetch()} loading={isFetching && !isPending}>
            Refresh
          </Button>
        </HStack>
      </PageHeader>

      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <CountCard label="Unique IPs" value={uniqueIps} note="On this page" />
        <CountCard label="Total Clicks" value={totalClicks} note="On this page" />
        <CountCard label="Referral Sources" value={distinctReferrers(records)} note="On this page" />
      </SimpleGrid>

      <Card.Root>
        <Card.Header>
          <Card.Title>{`IP Activity (Last ${shownDays} Days)`}</Card.Title>
        </Card.Header>
        <Card.Body>
          <ListBody
            loading={isPending}
            placeholder={
              <Flex justify="center" py="8">
                <Spinner />
              </Flex>
            }
            count={records.length}
            empty="No IP activity found"
            emptyPy="8"
          >
            <Stack gap="4">
              <Stack as="ul" gap="3" m="0" p="0">
                {records.map((r) => (
                  <IpActivityRecord key={`${r.ipAddress}-${r.linkId}`} record={r} />
                ))}
              </Stack>
              <Pager
                page={data?.page ?? page}
                totalPages={data?.totalPages ?? 1}
                total={data?.total ?? 0}
                pageSize={RECENT_IP_PAGE_SIZE}
                onPage={setPage}
              />
            </Stack>
          </ListBody>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
