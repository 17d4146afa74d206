import { type ComponentType, lazy, useState } from 'react';

type Module<P> = { default: ComponentType<P> };

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Starts fetching the chunk (once); resolves when it is loaded. */
  preload: () => Promise<unknown>;
  /** Whether the chunk has loaded. */
  isLoaded: () => boolean;
};

/**
 * `React.lazy` that renders the component at once, without suspending, when its chunk was already loaded (see
 * `preload`). A Suspense fallback that was shown holds the content that replaces it back for up to 300 ms (React's
 * fallback throttle), so a page whose chunks are already in paints in the same render instead.
 */
export function preloadableLazy<P extends object>(load: () => Promise<Module<P>>): Preloadable<P> {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function PreloadableComponent(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component would remount the page.
    const [Component] = useState<ComponentType<P>>(() => loaded?.default ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload, isLoaded: () => loaded !== undefined });
}
