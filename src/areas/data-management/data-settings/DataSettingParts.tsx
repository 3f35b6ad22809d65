// Pieces of the Data Setting panel: lists shown 10 at a time, and the setting's recent values and
// the rules using it.
import { useState, type ReactNode } from 'react';
import { textLink } from '../../../ui/recipes';
import { LIST_PAGE, type DataSetting } from './data-setting.constants';
import * as s from './data-settings.styles';

/** Recent values and enum lists show 10 at a time (spec part 2, section 9), then "Show more". */
export function ShowMoreList<T>({
  items,
  label,
  render,
  empty,
}: {
  items: readonly T[];
  label: string;
  render: (item: T, index: number) => ReactNode;
  empty: string;
}) {
  const [shown, setShown] = useState(LIST_PAGE);
  if (items.length === 0) return <p className={s.note}>{empty}</p>;
  return (
    <>
      <ul className={s.valueList} aria-label={label}>
        {items.slice(0, shown).map((item, i) => (
          <li key={i} className={s.valueItem}>
            {render(item, i)}
          </li>
        ))}
      </ul>
      {items.length > shown ? (
        <button type="button" className={textLink()} onClick={() => setShown((n) => n + LIST_PAGE)}>
          Show more ({items.length - shown} more)
        </button>
      ) : null}
    </>
  );
}

/** An existing setting's recent values and the rules that use it. */
export function UsedBy({ setting }: { setting: DataSetting }) {
  return (
    <section className={s.fieldset} aria-labelledby="ds-recent">
      <h4 id="ds-recent" className={s.legend}>
        Recent values
      </h4>
      <ShowMoreList items={setting.recent_values} label="Recent values" empty="No values seen yet." render={(v) => <span>{v}</span>} />
      <h4 className={s.legend}>Rules using this data setting</h4>
      <ShowMoreList items={setting.rules} label="Rules using this data setting" empty="No rule uses it." render={(r) => <span>{r.title}</span>} />
    </section>
  );
}
