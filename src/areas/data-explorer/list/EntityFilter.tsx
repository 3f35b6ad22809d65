// The entity filter: search entities by name or id (the entity search call, from 2 characters)
// and pick them; the chosen ones show as removable chips. A link names entities by internal id, so
// their names are looked up.
import { useId, useState } from 'react';
import { MIN_SEARCH_LENGTH, useEntityNames, useEntitySearchQuery, type EntityOption } from '../../../api/entities/queries';
import { FilterHint, LinkButton, PopoverFilter, useFilterParts } from '../../../ui/FilterBar';
import * as s from './explorer.styles';
import { listCells } from '../../../ui/list.recipes';

const cells = listCells();

interface Props {
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  /** Search and names need read_entities. */
  canSearch: boolean;
}

const name = (names: Map<number, EntityOption>, id: number) => names.get(id)?.label ?? `Entity ${id}`;

function summary(names: Map<number, EntityOption>, ids: readonly number[]): string {
  if (ids.length === 0) return 'Entity';
  return ids.length === 1 ? `Entity: ${name(names, ids[0])}` : `Entity: ${name(names, ids[0])} +${ids.length - 1}`;
}

export function EntityFilter({ selected, onChange, canSearch }: Props) {
  const id = useId();
  const f = useFilterParts();
  const [phrase, setPhrase] = useState('');
  const names = useEntityNames(selected, canSearch);
  const search = useEntitySearchQuery(phrase, canSearch);
  const trimmed = phrase.trim();
  const results = (search.data ?? []).filter((r) => !selected.includes(r.id));

  let message: string | null = null;
  // Spec part 2, section 5 texts.
  if (trimmed.length < MIN_SEARCH_LENGTH) message = 'Type to search';
  else if (search.isFetching && !search.data) message = 'Loading...';
  else if (search.isError) message = 'The entities could not be searched.';
  else if (results.length === 0) message = 'No results found';

  return (
    <PopoverFilter label="Entities" summaryText={summary(names, selected)} active={selected.length > 0}>
      {selected.length > 0 ? (
        <ul className={s.chips} aria-label="Chosen entities">
          {selected.map((entityId) => (
            <li key={entityId} className={s.chip}>
              <span className={cells.truncate}>{name(names, entityId)}</span>
              <button
                type="button"
                className={s.chipRemove}
                aria-label={`Remove ${name(names, entityId)}`}
                onClick={() => onChange(selected.filter((x) => x !== entityId))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={`${id}-search`} className={f.label}>
        Search entities
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className={f.input}
        placeholder="Name or entity ID"
        autoComplete="off"
        value={phrase}
        aria-describedby={`${id}-status`}
        onChange={(e) => setPhrase(e.target.value)}
      />
      <FilterHint id={`${id}-status`} role="status">
        {message ?? `${results.length} ${results.length === 1 ? 'result' : 'results'}`}
      </FilterHint>
      {results.length > 0 && !message ? (
        <ul className={s.options} aria-label="Entities found">
          {results.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className={s.option}
                onClick={() => {
                  onChange([...selected, r.id]);
                  setPhrase('');
                }}
              >
                <span>{r.label}</span>
                {r.detail ? <span className={s.optionDetail}>{r.detail}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {selected.length > 0 ? <LinkButton onClick={() => onChange([])}>Clear entities</LinkButton> : null}
    </PopoverFilter>
  );
}
