// Mounts the palette for the signed-in shell: the command registry, Ctrl/Cmd+K and the top bar's
// open event, the g-sequences, the "?" sheet and the hidden sequence.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { isRouteAllowed, type CurrentAgent } from '../../lib/permissions';
import { INITIAL_SHORTCUT_STATE, isPaletteChord, isTypingTarget, nextShortcut, type ShortcutState } from '../../lib/shortcuts';
import { OPEN_PALETTE_EVENT } from '../layout/TopBar';
import { ROUTES } from '../routes';
import { Boost } from './Boost';
import { PaletteContext, useRegisterCommands, type PaletteApi } from './palette-context';
import { setRecentOwner } from './recent';
import { createCommandRegistry, HELP_GROUP } from './registry';

// The dialogs (cmdk, Radix and Ark dialogs) load on first use, keeping them out of the entry chunk.
// The palette is also fetched once the browser is idle after the shell appears, so even the first
// Ctrl+K shows results within the 50 ms budget (docs/benchmarks.md).
const loadPalette = () => import('./CommandPalette');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));

function usePrefetchPalette() {
  useEffect(() => {
    const prefetch = () => void loadPalette().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(prefetch, 1_000);
    return () => window.clearTimeout(timer);
  }, []);
}
const ShortcutSheet = lazy(() => import('./ShortcutSheet').then((m) => ({ default: m.ShortcutSheet })));

function ShellCommands({ openShortcuts }: { openShortcuts(): void }) {
  useRegisterCommands('shell', [{ id: 'shell.shortcuts', title: 'Show keyboard shortcuts', group: HELP_GROUP, keywords: ['keys', 'help'], shortcut: '?', run: openShortcuts }], []);
  return null;
}

export function PaletteProvider({ agent, children }: { agent: CurrentAgent; children: ReactNode }) {
  const [, navigate] = useLocation();
  const [registry] = useState(createCommandRegistry);
  const [open, setOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [boost, setBoost] = useState(0);
  // Once loaded, the dialogs stay mounted so closing them animates and keeps their state simple.
  const [paletteUsed, setPaletteUsed] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
  if (open && !paletteUsed) setPaletteUsed(true);
  if (sheetOpen && !sheetUsed) setSheetUsed(true);
  const shortcuts = useRef<ShortcutState>(INITIAL_SHORTCUT_STATE);
  usePrefetchPalette();

  useEffect(() => {
    setRecentOwner(agent.id);
    return () => setRecentOwner(null);
  }, [agent.id]);

  const api = useMemo<PaletteApi>(
    () => ({
      registry,
      open: () => setOpen(true),
      close: () => setOpen(false),
      openShortcuts: () => setSheetOpen(true),
    }),
    [registry],
  );

  useEffect(() => {
    const onOpenEvent = () => setOpen(true);
    const onKeyDown = (e: KeyboardEvent) => {
      if (isPaletteChord(e)) {
        // Ctrl+K would otherwise focus the browser's address bar search.
        e.preventDefault();
        setOpen((o) => !o);
        return;
      }
      if (e.defaultPrevented || e.repeat) return;
      const step = nextShortcut(shortcuts.current, {
        key: e.key,
        at: e.timeStamp || performance.now(),
        modified: e.ctrlKey || e.metaKey || e.altKey,
        typing: isTypingTarget(e.target),
      });
      shortcuts.current = step.state;
      const action = step.action;
      if (!action) return;
      if (action.type === 'hidden') setBoost((n) => n + 1);
      else if (action.type === 'sheet') setSheetOpen(true);
      else if (isRouteAllowed(ROUTES, action.shortcut.path, agent)) navigate(action.shortcut.path);
    };
    window.addEventListener(OPEN_PALETTE_EVENT, onOpenEvent);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener(OPEN_PALETTE_EVENT, onOpenEvent);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [agent, navigate]);

  const endBoost = useCallback(() => setBoost(0), []);

  return (
    <PaletteContext.Provider value={api}>
      <ShellCommands openShortcuts={api.openShortcuts} />
      {children}
      <Suspense fallback={null}>
        {paletteUsed ? <CommandPalette open={open} onOpenChange={setOpen} agent={agent} /> : null}
        {sheetUsed ? <ShortcutSheet open={sheetOpen} onOpenChange={setSheetOpen} /> : null}
      </Suspense>
      {boost > 0 ? <Boost key={boost} onDone={endBoost} /> : null}
    </PaletteContext.Provider>
  );
}
