import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadableLazy } from './preloadable-lazy';

function Page({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

describe('preloadableLazy', () => {
  it('shows a preloaded page in the first render, without the loading fallback', async () => {
    const Lazy = preloadableLazy(async () => ({ default: Page }));
    await Lazy.preload();
    expect(Lazy.isLoaded()).toBe(true);
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy name="Dashboard" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows the fallback, then the page, when it was not loaded yet; the chunk is fetched once', async () => {
    let loads = 0;
    let finish!: () => void;
    const Lazy = preloadableLazy(() => {
      loads++;
      return new Promise<{ default: typeof Page }>((resolve) => (finish = () => resolve({ default: Page })));
    });
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy name="Links" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    void Lazy.preload();
    await act(async () => finish());
    expect(await screen.findByRole('heading', { name: 'Links' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
