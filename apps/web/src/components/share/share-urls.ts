/** Share links of the share widget (docs/product.md#shorten-url): URL and title encoded into each network's share URL. */
export type ShareNetwork = 'twitter' | 'facebook' | 'linkedin' | 'whatsapp' | 'telegram' | 'reddit';

export const SHARE_NETWORKS: { id: ShareNetwork; label: string }[] = [
  { id: 'twitter', label: 'Twitter' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'linkedin', label: 'LinkedIn' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'telegram', label: 'Telegram' },
  { id: 'reddit', label: 'Reddit' },
];

export function shareUrl(network: ShareNetwork, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (network) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}&title=${t}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
  }
}

export const SHARE_POPUP_FEATURES = 'width=600,height=400,noopener,noreferrer';

/** Opens the network's share page in a 600x400 popup. */
export function openSharePopup(network: ShareNetwork, url: string, title: string): void {
  window.open(shareUrl(network, url, title), `share-${network}`, SHARE_POPUP_FEATURES);
}
