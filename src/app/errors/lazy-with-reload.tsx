import type { ComponentProps, ComponentType, JSX } from 'react';
import { ChunkLoadError, chunkLoaded } from './chunk-error';

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Starts loading the module (once); resolves when it has loaded. Never rejects. */
  preload: () => Promise<void>;
};

/**
 * A lazily loaded component whose failures are ChunkLoadErrors (shown by the error boundary's
 * reload page). Unlike React.lazy, once its module has loaded it renders without suspending, so a
 * module fetched ahead of time (`preload()`, on intent or when idle) shows at once: a suspension,
 * however short, holds the content back for React's 300 ms fallback throttle.
 */
// Any component; its props are read back with ComponentProps.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever its props, as React.lazy's own ComponentType<any>
export function lazyWithReload<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): PreloadableComponent<ComponentProps<C>> {
  type P = ComponentProps<C>;
  let Loaded: ComponentType<P> | undefined;
  let failure: ChunkLoadError | undefined;
  let pending: Promise<void> | undefined;

  const preload = () =>
    (pending ??= load().then(
      (module) => {
        chunkLoaded();
        Loaded = module.default;
      },
      (error: unknown) => {
        failure = new ChunkLoadError(error);
      },
    ));

  function Lazy(props: P & JSX.IntrinsicAttributes) {
    if (Loaded) return <Loaded {...props} />;
    // As with React.lazy, a failed load stays failed: the boundary's page reloads the console.
    if (failure) throw failure;
    // Suspends the nearest boundary until the module is in: React's Suspense protocol throws the promise.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a thrown promise is how a component suspends
    throw preload();
  }
  return Object.assign(Lazy as ComponentType<P>, { preload });
}
