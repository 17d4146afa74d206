import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { CountCard } from '../../../components/ui/CountCard';
import { SelectField } from '../../../components/ui/OptionSelect';
import { TextField } from '../../../components/ui/TextField';
import { TitledCard } from '../../../components/ui/TitledCard';
import { formatDate } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SharedPageError, useSharedAnalytics } from '../api/get-shared-analytics';
import { SharedBreakdowns } from '../components/SharedBreakdowns';
import { SharePasswordForm } from '../components/SharePasswordForm';
import { DEFAULT_SHARE_PERIOD, SHARE_PERIODS, shareRangeOf, type ShareRange } from '../lib/share-range';

const ClicksOverTimeChart = lazy(() => import('../../../components/ui/ClicksOverTimeChart'));

export const SHARE_GONE_TEXT = 'This share link has expired or was revoked';

/**
 * `/share/{token}` (docs/product.md "Shared stats"): one link's or tag's clicks over a period the visitor picks,
 * readable without an account; a password share asks for its password first.
 */
export default function SharedStatsPage({ token }: { token: string }) {
  const [period, setPeriod] = useState<string>(DEFAULT_SHARE_PERIOD);
  const [custom, setCustom] = useState<ShareRange>({ startDate: '', endDate: '' });
  const [password, setPassword] = useState<string | null>(null);
  const range = useMemo(() => shareRangeOf(period, custom), [period, custom]);
  const { data, error, isFetching } = useSharedAnalytics(token, range, password);
  const failure = error instanceof SharedPageError ? error : null;
  const subject = data?.subject;
  const title = subject ? (subject.type === 'link' ? subject.name : `Tag “${subject.tag}”`) : 'Shared stats';
  useDocumentTitle(`${title} - Shared stats - LinkPulse`);

  let body;
  if (failure?.status === 404) {
    body = (
      <TitledCard as="section" level="h2" headingSize="md" title={SHARE_GONE_TEXT}>
        <Text color="fg.muted">Ask whoever sent you the link for a new one.</Text>
      </TitledCard>
    );
  } else if (failure?.status === 401) {
    body = <SharePasswordForm error={password ? failure.message : null} busy={isFetching} onSubmit={setPassword} />;
  } else if (error && !data) {
    body = (
      <Text color="fg.error" role="alert">
        {failure?.message ?? 'The stats could not be loaded. Please try again.'}
      </Text>
    );
  } else if (!data) {
    body = <Text color="fg.muted">Loading stats...</Text>;
  } else {
    body = (
      <Stack gap="5">
        <Flex gap="3" wrap="wrap" align="end">
          <SelectField label="Period" field={{ width: '12rem' }} options={SHARE_PERIODS} value={period} onChange={(e) => setPeriod(e.target.value)} />
          {period === 'custom' && (
            <>
              <Box width="11rem">
                <TextField label="From" type="date" value={custom.startDate} onValueChange={(startDate) => setCustom((c) => ({ ...c, startDate }))} />
              </Box>
              <Box width="11rem">
                <TextField label="To" type="date" value={custom.endDate} onValueChange={(endDate) => setCustom((c) => ({ ...c, endDate }))} />
              </Box>
            </>
          )}
        </Flex>
        {error && (
          <Text color="fg.error" role="alert">
            {failure?.message ?? 'The stats could not be loaded. Please try again.'}
          </Text>
        )}
        <Box maxW="xs" data-testid="shared-total">
          <CountCard label="Clicks" value={data.totalClicks} note={`${formatDate(data.startDate)} – ${formatDate(data.endDate)}`} />
        </Box>
        <TitledCard title="Clicks Over Time" level="h2" headingSize="md">
          {data.totalClicks === 0 ? (
            <Text color="fg.muted">No clicks in this period</Text>
          ) : (
            <Suspense fallback={<Text color="fg.muted">Loading chart...</Text>}>
              <ClicksOverTimeChart days={data.clicksOverTime} />
            </Suspense>
          )}
        </TitledCard>
        <SharedBreakdowns data={data} />
      </Stack>
    );
  }

  return (
    <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py="6">
      <Stack gap="5">
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            LinkPulse · shared stats
          </Text>
          <Heading as="h1" size="2xl" wordBreak="break-word">
            {title}
          </Heading>
          {subject?.type === 'link' && (
            <Text fontSize="sm" color="blue.fg" wordBreak="break-all">
              {subject.shortUrl}
            </Text>
          )}
        </Stack>
        {body}
      </Stack>
    </Box>
  );
}
