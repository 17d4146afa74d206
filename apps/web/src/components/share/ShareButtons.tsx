import { Button, Flex } from '@chakra-ui/react';
import { notify } from '../../lib/toasts';
import { copyText } from '../../lib/clipboard';
import { openSharePopup, SHARE_NETWORKS } from './share-urls';

/** Share widget: Copy, Twitter, Facebook, LinkedIn, WhatsApp, Telegram, Reddit. */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const copy = async () => {
    if (await copyText(url)) notify.success('Link copied!', 'The shortened URL has been copied to your clipboard.');
    else notify.error('Copy failed', 'Failed to copy link to clipboard.');
  };
  return (
    <Flex wrap="wrap" gap="2" role="group" aria-label="Share">
      <Button size="sm" variant="outline" onClick={() => void copy()}>
        Copy
      </Button>
      {SHARE_NETWORKS.map((n) => (
        <Button key={n.id} size="sm" variant="outline" onClick={() => openSharePopup(n.id, url, title)} aria-label={`Share on ${n.label}`}>
          {n.label}
        </Button>
      ))}
    </Flex>
  );
}
