import { useStats } from '../../../api/get-stats';
import { FirstLinkPrompt } from '../../../components/ui/FirstLinkPrompt';

/** A user without links yet is led to Shorten URL from the top of the dashboard. */
export function FirstRunCard({ pollMs }: { pollMs: number | false }) {
  const { data } = useStats(pollMs);
  if (data?.totalLinks !== 0) return null;
  return <FirstLinkPrompt title="Welcome to LinkPulse! Create your first short link" />;
}
