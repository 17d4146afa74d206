import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../../app/system';
import { render, screen } from '@testing-library/react';
import { ReferrerBadge } from './ReferrerBadge';

const renderBadge = (referrer: string | null) =>
  render(
    <ChakraProvider value={system}>
      <ReferrerBadge referrer={referrer} />
    </ChakraProvider>,
  );

describe('ReferrerBadge', () => {
  it.each([
    ['https://www.facebook.com/', 'social', 'facebook.com'],
    ['https://www.google.com/search?q=a', 'google', 'google.com'],
    ['https://news.ycombinator.com/', 'other', 'news.ycombinator.com'],
    [null, 'none', 'Direct / No Referrer'],
  ])('%s is a %s badge reading %s', (referrer, kind, text) => {
    renderBadge(referrer);
    const badge = screen.getByText(text);
    expect(badge).toHaveAttribute('data-referrer-kind', kind);
  });

  it('styles social, google and other referrers differently', () => {
    const { container } = render(
      <ChakraProvider value={system}>
        <ReferrerBadge referrer="https://t.co/x" />
        <ReferrerBadge referrer="https://google.com" />
        <ReferrerBadge referrer="https://example.org" />
      </ChakraProvider>,
    );
    const classes = [...container.querySelectorAll('[data-referrer-kind]')].map((el) => el.className);
    expect(new Set(classes).size).toBe(3);
  });
});
