// A React context its components cannot work without (an editor's parts read the editor's state
// from it): the context to provide, and the hook that reads it, which says so when a part is used
// outside its provider.
import { createContext, useContext } from 'react';

export function requiredContext<T>(outside: string) {
  const Context = createContext<T | null>(null);
  function useRequired(): T {
    const value = useContext(Context);
    if (value === null) throw new Error(outside);
    return value;
  }
  return [Context, useRequired] as const;
}
