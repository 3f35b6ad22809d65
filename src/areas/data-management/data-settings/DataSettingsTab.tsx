// The Data settings tab of /data-management/data-mapping (issue 9, acceptance 1): the organisation's
// native and custom data settings, searched over label, key path and description, filtered by the
// classifiers of spec part 2, section 3. A row opens the Data Setting panel; "Add Custom Data
// Setting" opens it empty.
import { useMemo, useState } from 'react';
import { useAgent } from '../../../app/auth/auth-context';
import { usePanel } from '../../../app/panels/panel-context';
import { hasPermission } from '../../../lib/permissions';
import { button } from '../../../ui/recipes';
import { ADD_TITLE, CENSORSHIP_LABELS, CLASSIFIER_LABELS, CLASSIFIERS, DATA_TYPE_LABELS, type DataClassifier } from './data-setting.constants';
import { filterSettings } from './data-setting.utils';
import { useDataSettingsQuery } from '../../../api/data-settings/queries';
import * as s from './data-settings.styles';
import { RowTable, TableHead } from '../../../ui/RowTable';
import { SearchField } from '../../../ui/SearchField';
import { TableCard } from '../../../ui/TableCard';

export function DataSettingsTab() {
  const agent = useAgent();
  const panel = usePanel();
  const settings = useDataSettingsQuery();
  const [phrase, setPhrase] = useState('');
  const [classifier, setClassifier] = useState<DataClassifier | null>(null);
  const shown = useMemo(() => filterSettings(settings.data ?? [], phrase, classifier), [settings.data, phrase, classifier]);
  const canEdit = hasPermission(agent, 'edit_custom_data_settings');
  const openId = panel.current?.view === 'data-setting' ? panel.current.id : undefined;

  return (
    <>
      <div className={s.toolbar}>
        <SearchField
          className={s.search}
          placeholder="Search label, key path or description"
          label="Search data settings"
          value={phrase}
          onChange={setPhrase}
        />
        <div className={s.chips} role="group" aria-label="Classifier">
          <button type="button" className={s.chip} aria-pressed={classifier === null} onClick={() => setClassifier(null)}>
            All
          </button>
          {CLASSIFIERS.map((c) => (
            <button key={c} type="button" className={s.chip} aria-pressed={classifier === c} onClick={() => setClassifier(classifier === c ? null : c)}>
              {CLASSIFIER_LABELS[c]}
            </button>
          ))}
        </div>
        <span className={s.spacer} />
        <span className={s.count} aria-live="polite">
          {settings.data ? `${shown.length} of ${settings.data.length} data settings` : ''}
        </span>
        {canEdit ? (
          <button type="button" className={button({ variant: 'primary', size: 'sm' })} onClick={() => panel.open('data-setting', null)}>
            {ADD_TITLE}
          </button>
        ) : null}
      </div>
      <TableCard
        query={settings}
        loading="Loading data settings…"
        failed="The data settings could not be loaded."
        empty={shown.length === 0 ? 'No data settings match.' : null}
        fill
      >
        {() => (
          <RowTable pageKeys className={s.table} aria-label="Data settings">
            <TableHead columns={['Label', 'Key path', 'Classifier', 'Data type', 'Censorship', 'Description']} />
            <tbody>
              {shown.map((d) => (
                <tr key={d.id} aria-selected={openId === String(d.id)} onClick={() => panel.open('data-setting', d.id)}>
                  <td>
                    {/* The button is the keyboard's way in; the row click is a larger target for the mouse. */}
                    <button
                      type="button"
                      className={s.rowButton}
                      data-row-open=""
                      onClick={(e) => {
                        e.stopPropagation();
                        panel.open('data-setting', d.id);
                      }}
                    >
                      {d.user_facing_label}
                    </button>
                    {d.key_type === 'NATIVE' ? <span className={s.badge}>Native</span> : null}
                  </td>
                  <td className={s.keyPath}>{d.key_path}</td>
                  <td>{CLASSIFIER_LABELS[d.classifier]}</td>
                  <td>{DATA_TYPE_LABELS[d.data_type]}</td>
                  <td>{CENSORSHIP_LABELS[d.censorship_setting]}</td>
                  <td>{d.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </RowTable>
        )}
      </TableCard>
    </>
  );
}
