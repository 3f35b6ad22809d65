// Mounts the palette for the signed-in shell: the command registry, Ctrl/Cmd+K and the top bar's
// open event, the g-sequences, the "?" sheet and the hidden sequence.
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { isRouteAllowed, type CurrentAgent } from '../../lib/permissions';
import { INITIAL_SHORTCUT_STATE, isPaletteChord, isTypingTarget, nextShortcut, type ShortcutState } from '../../lib/shortcuts';
import { ROUTES } from '../route-table';
import { lazyWithReload } from '../errors/lazy-with-reload';
import { Boost } from './Boost';
import { OPEN_PALETTE_EVENT, PaletteContext, useRegisterCommands, type PaletteApi } from './palette-context';
import { setRecentOwner } from './recent';
import { createCommandRegistry, HELP_GROUP } from './registry';

// The dialogs (cmdk, Radix and Ark dialogs) are chunks of their own, keeping them out of the entry
// chunk. The palette's is fetched as soon as the shell has painted, so even the first Ctrl+K does
// not wait for the network (docs/benchmarks.md).
const CommandPalette = lazyWithReload(() => import('./CommandPalette').then((m) => ({ default: m.CommandPalette })));
const ShortcutSheet = lazyWithReload(() => import('./ShortcutSheet').then((m) => ({ default: m.ShortcutSheet })));

function usePrefetchPalette() {
  useEffect(() => {
    void CommandPalette.preload();
  }, []);
}

function ShellCommands({ openShortcuts }: { openShortcuts: () => void }) {
  useRegisterCommands(
    'shell',
    [{ id: 'shell.shortcuts', title: 'Show keyboard shortcuts', group: HELP_GROUP, keywords: ['keys', 'help'], shortcut: '?', run: openShortcuts }],
    [],
  );
  return null;
}

interface PaletteProviderProps {
  agent: CurrentAgent;
  children: ReactNode;
  /**
   * Fetches the code of the page a path opens, while its route is highlighted. Given by the shell:
   * the palette cannot import the area table itself, since areas import the palette to register
   * their commands.
   */
  preload?: (path: string) => void;
}

export function PaletteProvider({ agent, children, preload }: PaletteProviderProps) {
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
  // Keys typed after Ctrl+K but before the palette's input has focus (its first mount, a busy
  // page) are kept here and handed to the input when it takes focus, so none are lost or taken as
  // page shortcuts.
  const typedAhead = useRef<{ waiting: boolean; text: string }>({ waiting: false, text: '' });
  const takeTypedAhead = useCallback(() => {
    const { text } = typedAhead.current;
    typedAhead.current = { waiting: false, text: '' };
    return text;
  }, []);
  usePrefetchPalette();

  // closed without the input ever taking focus: the page's keys are its own again
  useEffect(() => {
    if (!open) typedAhead.current = { waiting: false, text: '' };
  }, [open]);

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
    const onOpenEvent = () => {
      typedAhead.current = { waiting: true, text: '' };
      setOpen(true);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (isPaletteChord(e)) {
        // Ctrl+K would otherwise focus the browser's address bar search.
        e.preventDefault();
        setOpen((o) => {
          typedAhead.current = { waiting: !o, text: '' };
          return !o;
        });
        return;
      }
      const ahead = typedAhead.current;
      if (ahead.waiting && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !isTypingTarget(e.target)) {
        e.preventDefault();
        ahead.text += e.key;
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
        {paletteUsed ? <CommandPalette open={open} onOpenChange={setOpen} agent={agent} preload={preload} takeTypedAhead={takeTypedAhead} /> : null}
        {sheetUsed ? <ShortcutSheet open={sheetOpen} onOpenChange={setSheetOpen} /> : null}
      </Suspense>
      {boost > 0 ? <Boost key={boost} onDone={endBoost} /> : null}
    </PaletteContext.Provider>
  );
}
