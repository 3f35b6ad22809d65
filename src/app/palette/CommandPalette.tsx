// The command palette (cmdk): recent objects, the current page's commands, every route the agent may
// open, and global search on Enter. It knows no area: commands come from the registry.
//
// The dialog is Radix's, as cmdk's own Command.Dialog is, composed here for its close hook: a chosen
// command runs once the palette has closed and focus is back on the page, so a command that opens an
// input ("Add comment") or a dialog ("Close alert") keeps focus there; before, the closing palette
// took focus from it and left it on the page body.
import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { Fragment, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { isRouteAllowed, type CurrentAgent } from '../../lib/permissions';
import { ROUTES } from '../route-table';
import { useRegisteredCommands } from './palette-context';
import { groupScore, orderGroups, rankRow } from './palette-rank';
import {
  commandRow,
  commandValue,
  groupBy,
  kindName,
  paletteFilter,
  recentRow,
  recentValue,
  resultValue,
  routeRow,
  routeValue,
  SEARCH_TRIGGER,
} from './palette-rows';
import { canSearch, paletteRoutes, resultPath, searchMessage, type SearchResult } from './palette-sources';
import * as s from './palette.styles';
import { readRecent, rememberRecent, subscribeRecent, type RecentObject } from './recent';
import { HELP_GROUP, type PaletteCommand } from './registry';
import { useGlobalSearch } from './use-global-search';

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agent: CurrentAgent;
  /** Fetches the code of the page a path opens (the shell's preloadAreaOf). */
  preload?: (path: string) => void;
  /** Keys typed since Ctrl+K, before the input had focus; taken once when it gets it. */
  takeTypedAhead?: () => string;
}

/** One group of rows with the score of its best row for the typed phrase. */
interface PaletteGroup {
  key: string;
  score: number;
  node: ReactNode;
}

export function CommandPalette({ open, onOpenChange, agent, preload, takeTypedAhead }: CommandPaletteProps) {
  const [, navigate] = useLocation();
  const [phrase, setPhrase] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [selected, setSelected] = useState('');
  const commands = useRegisteredCommands();
  const stored = useSyncExternalStore(
    subscribeRecent,
    () => readRecent(agent.id),
    () => readRecent(agent.id),
  );
  // Permissions change (team moves, org switches): a remembered object stays listed only while its page is open to the agent.
  const recent = useMemo(() => stored.filter((r) => isRouteAllowed(ROUTES, r.path, agent)), [stored, agent]);
  const routes = useMemo(() => paletteRoutes(ROUTES, agent), [agent]);

  // The highlighted route's code is fetched while the agent is still choosing, so Enter opens it
  // without waiting for the network.
  useEffect(() => {
    const route = routes.find((r) => routeValue(r) === selected);
    if (route) preload?.(route.path);
  }, [selected, routes, preload]);
  const search = useGlobalSearch(submitted, agent);
  // Results belong to the submitted phrase: once the agent edits it, they give way to the search row.
  const resultGroups = submitted !== null && submitted === phrase.trim() ? search.groups : [];
  const message = searchMessage({ phrase, submitted, loading: search.loading, count: search.count });
  const firstResult = resultGroups[0]?.results[0];

  // A fresh palette each time it opens (cleared while rendering, as it closes).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setPhrase('');
      setSubmitted(null);
      setSelected('');
    }
  }

  // When results arrive, the best match is selected so Enter opens it (while rendering).
  const firstValue = firstResult ? resultValue(firstResult) : null;
  const [selectedFirst, setSelectedFirst] = useState<string | null>(null);
  if (firstValue !== selectedFirst) {
    setSelectedFirst(firstValue);
    if (firstValue) setSelected(firstValue);
  }

  const close = () => onOpenChange(false);
  // Where focus was when the palette opened, and the command chosen: both are settled when the
  // palette has closed (onCloseAutoFocus).
  const returnTo = useRef<HTMLElement | null>(null);
  const chosen = useRef<(() => void) | null>(null);
  const runAfterClose = (run: () => void) => {
    chosen.current = run;
    close();
  };
  const go = (path: string) => {
    close();
    navigate(path);
  };
  const openRecent = (item: RecentObject) => {
    rememberRecent(item, agent.id);
    go(item.path);
  };
  const openResult = (r: SearchResult) => {
    const path = resultPath(r);
    if (!path) return;
    rememberRecent({ type: r.object_type, id: r.id, title: r.title, path }, agent.id);
    go(path);
  };
  const runSearch = () => {
    if (canSearch(phrase)) setSubmitted(phrase.trim());
  };

  const commandGroups = (list: readonly PaletteCommand[]): PaletteGroup[] =>
    groupBy(list).map(([group, items]) => ({
      key: `commands:${group}`,
      score: groupScore(phrase, items.map(commandRow)),
      node: (
        <Command.Group heading={group}>
          {items.map((c) => (
            <Command.Item
              key={c.id}
              value={commandValue(c)}
              keywords={commandRow(c).words}
              // eslint-disable-next-line react-hooks/refs -- cmdk calls onSelect on a choice, not while rendering (the list is built in a helper the rule cannot follow)
              onSelect={() => runAfterClose(c.run)}
            >
              <span className={s.itemTitle}>{c.title}</span>
              {c.shortcut ? <kbd className={s.kbd}>{c.shortcut}</kbd> : null}
            </Command.Item>
          ))}
        </Command.Group>
      ),
    }));

  const showTrigger = canSearch(phrase) && submitted !== phrase.trim();
  const groups: PaletteGroup[] = [];
  if (showTrigger) {
    groups.push({
      key: 'search',
      score: rankRow('search', phrase, []),
      node: (
        <Command.Group heading="Search">
          <Command.Item value={SEARCH_TRIGGER} onSelect={runSearch}>
            <span className={s.itemTitle}>Search for “{phrase.trim()}”</span>
            <kbd className={s.kbd}>Enter</kbd>
          </Command.Item>
        </Command.Group>
      ),
    });
  }
  for (const { source, results } of resultGroups) {
    groups.push({
      key: `results:${source.path}`,
      score: rankRow('result', phrase, []),
      node: (
        <Command.Group heading={source.label}>
          {results.map((r) => (
            <Command.Item key={resultValue(r)} value={resultValue(r)} onSelect={() => openResult(r)}>
              <span className={s.itemTitle}>{r.title}</span>
              <span className={s.itemMeta}>{r.subtitle ?? r.external_id ?? kindName(r.object_type)}</span>
            </Command.Item>
          ))}
        </Command.Group>
      ),
    });
  }
  if (recent.length > 0) {
    groups.push({
      key: 'recent',
      score: groupScore(phrase, recent.map(recentRow)),
      node: (
        <Command.Group heading="Recent">
          {recent.map((item) => (
            <Command.Item key={`${item.type}:${item.id}`} value={recentValue(item)} keywords={recentRow(item).words} onSelect={() => openRecent(item)}>
              <span className={s.itemTitle}>{item.title}</span>
              <span className={s.itemMeta}>{kindName(item.type)}</span>
            </Command.Item>
          ))}
        </Command.Group>
      ),
    });
  }
  groups.push(...commandGroups(commands.filter((c) => c.group !== HELP_GROUP)));
  groups.push({
    key: 'routes',
    score: groupScore(phrase, routes.map(routeRow)),
    node: (
      <Command.Group heading="Go to">
        {routes.map((r) => (
          <Command.Item key={r.id} value={routeValue(r)} keywords={routeRow(r).words} onSelect={() => go(r.path)}>
            <span className={s.itemTitle}>{r.page}</span>
            <span className={s.itemMeta}>{r.path}</span>
          </Command.Item>
        ))}
      </Command.Group>
    ),
  });
  groups.push(...commandGroups(commands.filter((c) => c.group === HELP_GROUP)));

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} cmdk-overlay="" />
        <Dialog.Content
          className={s.content}
          cmdk-dialog=""
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(e) => {
            // Focus goes back where it was (Radix would look for a trigger the palette has not got
            // and leave focus on the body), unless that is gone with a page the agent left.
            e.preventDefault();
            const back = returnTo.current;
            returnTo.current = null;
            if (back?.isConnected) back.focus({ preventScroll: true });
            const run = chosen.current;
            chosen.current = null;
            // After the focus scope has let go, so whatever the command focuses keeps it.
            if (run) queueMicrotask(run);
          }}
        >
          <Dialog.Title className={s.title}>Command palette</Dialog.Title>
          <Command label="Command palette" filter={paletteFilter} value={selected} onValueChange={setSelected} loop>
            <Command.Input
              value={phrase}
              onValueChange={setPhrase}
              onFocus={() => {
                const typed = takeTypedAhead?.();
                if (typed) setPhrase((p) => p + typed);
              }}
              placeholder="Search or jump to…"
              aria-label="Search or jump to"
            />
            {/* Outside the list: a listbox holds options and their groups only (axe aria-required-children). */}
            <div className={s.status} role="status" aria-live="polite" hidden={message === null}>
              {message}
            </div>
            <Command.List label="Commands and results">
              {/* Keyed, so a group that moves up keeps its rows mounted. */}
              {orderGroups(phrase, groups).map((g) => (
                <Fragment key={g.key}>{g.node}</Fragment>
              ))}
            </Command.List>
            <div className={s.footer} aria-hidden="true">
              <span>
                <kbd className={s.kbd}>↑</kbd> <kbd className={s.kbd}>↓</kbd> to move
              </span>
              <span>
                <kbd className={s.kbd}>Enter</kbd> to open or search
              </span>
              <span>
                <kbd className={s.kbd}>Esc</kbd> to close
              </span>
            </div>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
