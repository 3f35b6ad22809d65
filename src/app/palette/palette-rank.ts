// How the palette orders its rows while the agent types. cmdk sorts rows (and groups, by their best
// row) by this score and Enter opens the first, so the bands below decide what Enter does:
// server results the agent asked for, then a route or command whose name is what was typed (or
// starts with it), then "Search for …", then everything that only loosely matches.
import { defaultFilter } from 'cmdk';

const RESULT = 4;
const EXACT = 3;
const PREFIX = 2;
const SEARCH_ROW = 1;
/** Loose matches stay below the search row: typing "yl" should search, not open "Risk ratings". */
const LOOSE_CEILING = 0.99;

export type RowKind = 'result' | 'search' | 'row';

function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/**
 * The score of one row for `search`. `words` are the row's visible title first, then whatever else
 * it may be found by; the first `names` of them count as the row's names (a route's title and
 * path, a command's title), which an exact or prefix match ranks above the search row.
 */
export function rankRow(kind: RowKind, search: string, words: readonly string[], names = 0): number {
  if (kind === 'result') return RESULT;
  if (kind === 'search') return SEARCH_ROW;
  const typed = normalise(search);
  let best = 0;
  if (typed) {
    for (const word of words.slice(0, names)) {
      const name = normalise(word);
      if (name === typed) return EXACT;
      // Among prefix matches, the name closest to what was typed comes first ("AI" before "AI agents").
      if (name.startsWith(typed)) best = Math.max(best, PREFIX + (typed.length / name.length) * 0.5);
    }
  }
  if (best > 0) return best;
  const [title = '', ...rest] = words;
  return defaultFilter(title, search, rest) * LOOSE_CEILING;
}

/** The best score among a group's rows; a group is listed by its best row. */
export function groupScore(search: string, rows: ReadonlyArray<{ words: readonly string[]; names: number }>): number {
  // Nothing typed: groups keep their order, so opening the palette scores nothing.
  if (!normalise(search)) return 0;
  return rows.reduce((best, row) => Math.max(best, rankRow('row', search, row.words, row.names)), 0);
}

/**
 * Orders the palette's groups: those whose best row ranks at or above the search row come first,
 * best first; the rest keep their place. cmdk sorts the rows inside a group but (as of 1.1) not the
 * groups themselves, and Enter opens the first row on screen, so the palette orders groups itself.
 */
export function orderGroups<T extends { score: number }>(search: string, groups: readonly T[]): T[] {
  if (!normalise(search)) return [...groups];
  const band = (score: number) => (score >= SEARCH_ROW ? score : 0);
  return [...groups].sort((a, b) => band(b.score) - band(a.score));
}
