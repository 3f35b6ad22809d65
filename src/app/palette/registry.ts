// The command registry (STYLE.md "Areas register commands"). The palette shell knows no area: each
// mounted component registers its commands under a group id and they leave when it unmounts.
// Framework-free so registration is tested without rendering a palette.

/** Shell-wide help commands are listed after the routes; page commands come before them. */
export const HELP_GROUP = 'Help';

export interface PaletteCommand {
  /** Stable across renders and unique in the registry ("cases.create"). */
  id: string;
  title: string;
  /** Heading the command is listed under ("Alerts", "This page"). */
  group: string;
  keywords?: readonly string[];
  /** Shown beside the title, e.g. "g c". */
  shortcut?: string;
  run: () => void;
}

export interface CommandRegistry {
  /** Adds or replaces the commands of one group; returns the function that removes them. */
  register: (groupId: string, commands: readonly PaletteCommand[]) => () => void;
  /** Every registered command, in registration order; a new array only when something changed. */
  snapshot: () => readonly PaletteCommand[];
  subscribe: (listener: () => void) => () => void;
}

export function createCommandRegistry(): CommandRegistry {
  const groups = new Map<string, { token: symbol; commands: readonly PaletteCommand[] }>();
  const listeners = new Set<() => void>();
  let cached: readonly PaletteCommand[] = [];

  const changed = () => {
    cached = [...groups.values()].flatMap((g) => g.commands);
    listeners.forEach((l) => l());
  };

  return {
    register(groupId, commands) {
      // A token so a late cleanup of an older registration never removes a newer one.
      const token = Symbol(groupId);
      groups.set(groupId, { token, commands });
      changed();
      return () => {
        if (groups.get(groupId)?.token !== token) return;
        groups.delete(groupId);
        changed();
      };
    },
    snapshot: () => cached,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A page's command as it offers it: in the page's group, and only `when` it would do something. */
export type OfferedCommand = Omit<PaletteCommand, 'group'> & { when?: boolean };

/** The commands a page offers now, each under the page's group. */
export function offeredCommands(group: string, commands: readonly OfferedCommand[]): PaletteCommand[] {
  const offered: PaletteCommand[] = [];
  for (const { when = true, ...command } of commands) if (when) offered.push({ ...command, group });
  return offered;
}
