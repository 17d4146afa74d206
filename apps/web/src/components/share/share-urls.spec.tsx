import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { ShareButtons } from './ShareButtons';
import { shareUrl } from './share-urls';

const url = 'http://localhost:8080/s/Ab3dE9_x';
const title = 'Summer sale & more?';

describe('share URLs', () => {
  it('encodes the URL and title into each network', () => {
    expect(shareUrl('twitter', url, title)).toBe(
      'https://twitter.com/intent/tweet?url=http%3A%2F%2Flocalhost%3A8080%2Fs%2FAb3dE9_x&text=Summer%20sale%20%26%20more%3F',
    );
    expect(shareUrl('facebook', url, title)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=http%3A%2F%2Flocalhost%3A8080%2Fs%2FAb3dE9_x&quote=Summer%20sale%20%26%20more%3F',
    );
    expect(shareUrl('linkedin', url, title)).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=http%3A%2F%2Flocalhost%3A8080%2Fs%2FAb3dE9_x&title=Summer%20sale%20%26%20more%3F',
    );
    expect(shareUrl('whatsapp', url, title)).toBe('https://wa.me/?text=Summer%20sale%20%26%20more%3F%20http%3A%2F%2Flocalhost%3A8080%2Fs%2FAb3dE9_x');
    expect(shareUrl('telegram', url, title)).toBe(
      'https://t.me/share/url?url=http%3A%2F%2Flocalhost%3A8080%2Fs%2FAb3dE9_x&text=Summer%20sale%20%26%20more%3F',
    );
    expect(shareUrl('reddit', url, title)).toBe(
      'https://www.reddit.com/submit?url=http%3A%2F%2Flocalhost%3A8080%2Fs%2FAb3dE9_x&title=Summer%20sale%20%26%20more%3F',
    );
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('opens a 600x400 popup per network button', () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<ShareButtons url={url} title={title} />);
    for (const label of ['Twitter', 'Facebook', 'LinkedIn', 'WhatsApp', 'Telegram', 'Reddit'])
      fireEvent.click(screen.getByRole('button', { name: `Share on ${label}` }));
    expect(open).toHaveBeenCalledTimes(6);
    expect(open.mock.calls[5][0]).toBe(shareUrl('reddit', url, title));
    for (const call of open.mock.calls) expect(String(call[2])).toContain('width=600,height=400');
  });

  it('copies with the widget toast, or says it failed', async () => {
    const writeText = jest.fn(async (_t: string) => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderWithProviders(<ShareButtons url={url} title={title} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied!')).toBeInTheDocument();
    expect(screen.getByText('The shortened URL has been copied to your clipboard.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(url);
  });
});
