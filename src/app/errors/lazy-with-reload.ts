import { lazy, type ComponentType } from 'react';
import { ChunkLoadError, chunkLoaded } from './chunk-error';

/** React.lazy whose failures are ChunkLoadErrors (shown by the error boundary's reload page). */
export function lazyWithReload<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().then(
      (module) => {
        chunkLoaded();
        return module;
      },
      (error: unknown) => {
        throw new ChunkLoadError(error);
      },
    ),
  );
}
