// The choice of tags in a tag picker or the edit-tags modal: which are checked, and the filter over
// the organisation's tags by title.
import { useMemo, useState } from 'react';
import type { Tag } from '../../api/tags/queries';

export function useTagChoice(all: readonly Tag[] | undefined) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => (all ?? []).filter((t) => t.title.toLowerCase().includes(filter.trim().toLowerCase())), [all, filter]);
  const toggle = (tagId: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(tagId)) next.delete(tagId);
      else next.add(tagId);
      return next;
    });
  /** Starts again from the object's own tags, unfiltered. */
  const reset = (tags: readonly Tag[]) => {
    setChosen(new Set(tags.map((t) => t.id)));
    setFilter('');
  };
  return { chosen, filter, setFilter, shown, toggle, reset };
}
