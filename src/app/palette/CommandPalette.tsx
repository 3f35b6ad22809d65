// The command palette (cmdk): recent objects, the current page's commands, every route the agent may
// open, and global search on Enter. It knows no area: commands come from the registry.
import { Command, defaultFilter } from 'cmdk';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { isRouteAllowed, type CurrentAgent } from '../../lib/permissions';
import { preloadAreaOf, ROUTES } from '../routes';
import { useRegisteredCommands } from './palette-context';
import { canSearch, paletteRoutes, resultPath, searchMessage, type SearchResult } from './palette-sources';
import * as s from './palette.styles';
import { readRecent, rememberRecent, subscribeRecent, type RecentObject } from './recent';
import { HELP_GROUP, type PaletteCommand } from './registry';
import { useGlobalSearch } from './use-global-search';

const SEARCH_TRIGGER = 'search:trigger';
const RESULT_PREFIX = 'result:';

const KIND_NAMES: Record<string, string> = {
  ENTITY: 'Entity',
  INSTRUMENT: 'Instrument',
  TRANSACTION: 'Transaction',
  ACTION_EVENT: 'Action event',
  ALERT: 'Alert',
  CASE: 'Case',
  RULE: 'Rule',
  TEAM: 'Team',
};

// Search results and the search row always stay visible: the server already matched them, and the
// row is how Enter starts a search. Everything else is matched locally by cmdk.
function filter(value: string, search: string, keywords?: string[]): number {
  if (value.startsWith(RESULT_PREFIX) || value === SEARCH_TRIGGER) return 1;
  // Values are ids ("route:cases.list"); the first keyword is the visible title, so the score is
  // about what the agent reads, not about the id.
  const [title, ...rest] = keywords ?? [];
  return defaultFilter(title ?? value, search, rest);
}

function resultValue(r: SearchResult): string {
  return `${RESULT_PREFIX}${r.object_type}:${r.id}`;
}

function groupBy(commands: readonly PaletteCommand[]): Array<[string, PaletteCommand[]]> {
  const groups = new Map<string, PaletteCommand[]>();
  for (const c of commands) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  return [...groups];
}

export function CommandPalette({ open, onOpenChange, agent }: { open: boolean; onOpenChange(open: boolean): void; agent: CurrentAgent }) {
  const [, navigate] = useLocation();
  const [phrase, setPhrase] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [selected, setSelected] = useState('');
  const commands = useRegisteredCommands();
  const stored = useSyncExternalStore(subscribeRecent, () => readRecent(agent.id), () => readRecent(agent.id));
  // Permissions change (team moves, org switches): a remembered object stays listed only while its page is open to the agent.
  const recent = useMemo(() => stored.filter((r) => isRouteAllowed(ROUTES, r.path, agent)), [stored, agent]);
  const routes = useMemo(() => paletteRoutes(ROUTES, agent), [agent]);

  // The highlighted route's code is fetched while the agent is still choosing, so Enter opens it
  // without waiting for the network.
  useEffect(() => {
    const route = routes.find((r) => `route:${r.id}` === selected);
    if (route) preloadAreaOf(route.path);
  }, [selected, routes]);
  const search = useGlobalSearch(submitted, agent);
  // Results belong to the submitted phrase: once the agent edits it, they give way to the search row.
  const resultGroups = submitted !== null && submitted === phrase.trim() ? search.groups : [];
  const message = searchMessage({ phrase, submitted, loading: search.loading, count: search.count });
  const firstResult = resultGroups[0]?.results[0];

  // A fresh palette each time it opens.
  useEffect(() => {
    if (!open) {
      setPhrase('');
      setSubmitted(null);
      setSelected('');
    }
  }, [open]);

  // When results arrive, the best match is selected so Enter opens it.
  const firstValue = firstResult ? resultValue(firstResult) : null;
  useEffect(() => {
    if (firstValue) setSelected(firstValue);
  }, [firstValue]);

  const close = () => onOpenChange(false);
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

  const commandGroups = (list: readonly PaletteCommand[]) =>
    groupBy(list).map(([group, items]) => (
      <Command.Group key={group} heading={group}>
        {items.map((c) => (
          <Command.Item
            key={c.id}
            value={`command:${c.id}`}
            keywords={[c.title, ...(c.keywords ?? [])]}
            onSelect={() => {
              close();
              c.run();
            }}
          >
            <span className={s.itemTitle}>{c.title}</span>
            {c.shortcut ? <kbd className={s.kbd}>{c.shortcut}</kbd> : null}
          </Command.Item>
        ))}
      </Command.Group>
    ));

  const showTrigger = canSearch(phrase) && submitted !== phrase.trim();

  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label="Command palette"
      overlayClassName={s.overlay}
      contentClassName={s.content}
      filter={filter}
      value={selected}
      onValueChange={setSelected}
      loop
    >
      <Command.Input value={phrase} onValueChange={setPhrase} placeholder="Search or jump to…" aria-label="Search or jump to" />
      <Command.List label="Commands and results">
        <div className={s.status} role="status" aria-live="polite" hidden={message === null}>
          {message}
        </div>

        {showTrigger ? (
          <Command.Group heading="Search">
            <Command.Item value={SEARCH_TRIGGER} onSelect={runSearch}>
              <span className={s.itemTitle}>Search for “{phrase.trim()}”</span>
              <kbd className={s.kbd}>Enter</kbd>
            </Command.Item>
          </Command.Group>
        ) : null}

        {resultGroups.map(({ source, results }) => (
          <Command.Group key={source.path} heading={source.label}>
            {results.map((r) => (
              <Command.Item key={resultValue(r)} value={resultValue(r)} onSelect={() => openResult(r)}>
                <span className={s.itemTitle}>{r.title}</span>
                <span className={s.itemMeta}>{r.subtitle ?? r.external_id ?? KIND_NAMES[r.object_type] ?? r.object_type}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ))}

        {recent.length > 0 ? (
          <Command.Group heading="Recent">
            {recent.map((item) => (
              <Command.Item
                key={`${item.type}:${item.id}`}
                value={`recent:${item.type}:${item.id}`}
                keywords={[item.title, KIND_NAMES[item.type] ?? item.type]}
                onSelect={() => openRecent(item)}
              >
                <span className={s.itemTitle}>{item.title}</span>
                <span className={s.itemMeta}>{KIND_NAMES[item.type] ?? item.type}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}

        {commandGroups(commands.filter((c) => c.group !== HELP_GROUP))}

        <Command.Group heading="Go to">
          {routes.map((r) => (
            <Command.Item key={r.id} value={`route:${r.id}`} keywords={[r.page, r.path]} onSelect={() => go(r.path)}>
              <span className={s.itemTitle}>{r.page}</span>
              <span className={s.itemMeta}>{r.path}</span>
            </Command.Item>
          ))}
        </Command.Group>

        {commandGroups(commands.filter((c) => c.group === HELP_GROUP))}
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
    </Command.Dialog>
  );
}
