import { createContext, useContext, useEffect, useLayoutEffect, useRef, useSyncExternalStore, type DependencyList } from 'react';
import type { CommandRegistry, PaletteCommand } from './registry';

export interface PaletteApi {
  registry: CommandRegistry;
  open: () => void;
  close: () => void;
  openShortcuts: () => void;
}

export const PaletteContext = createContext<PaletteApi | null>(null);

/** The palette opens on this window event (the top bar's search button sends it, knowing no palette). */
export const OPEN_PALETTE_EVENT = 'vigil:open-palette';

export function usePalette(): PaletteApi {
  const api = useContext(PaletteContext);
  if (!api) throw new Error('usePalette must be used inside <PaletteProvider>');
  return api;
}

/**
 * Registers `commands` under `groupId` while the calling component is mounted. `deps` decide when
 * the list is registered again (titles or availability changed); `run` always calls the latest
 * closure, so handlers need not be in `deps`. Outside a palette provider it does nothing.
 */
export function useRegisterCommands(groupId: string, commands: readonly PaletteCommand[], deps: DependencyList = []): void {
  const api = useContext(PaletteContext);
  const latest = useRef(commands);
  useLayoutEffect(() => {
    latest.current = commands;
  });
  useEffect(() => {
    if (!api) return;
    const stable = latest.current.map((c) => ({
      ...c,
      run: () => latest.current.find((l) => l.id === c.id)?.run(),
    }));
    return api.registry.register(groupId, stable);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide, as with useEffect's own
  }, [api, groupId, ...deps]);
}

const NONE: readonly PaletteCommand[] = [];

/** The registered commands, re-rendering when they change. */
export function useRegisteredCommands(): readonly PaletteCommand[] {
  const api = useContext(PaletteContext);
  return useSyncExternalStore(
    (l) => (api ? api.registry.subscribe(l) : () => {}),
    () => (api ? api.registry.snapshot() : NONE),
    () => NONE,
  );
}
