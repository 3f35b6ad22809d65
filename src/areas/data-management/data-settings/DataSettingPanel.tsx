// The 'data-setting' right-panel view: ?panel=data-setting opens "Add Custom Data Setting",
// ?panel=data-setting:{id} the setting's "Edit Data Setting". After an add the panel shows the new
// setting, so the address names what is on screen.
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { usePanel } from '../../../app/panels/panel-context';
import { useDataSettingsQuery } from '../../../api/data-settings/queries';
import { DataSettingForm } from './DataSettingForm';
import * as s from './data-settings.styles';
import { ListError } from '../../../ui/ListPage';

export default function DataSettingPanel({ id, close }: PanelViewProps) {
  const panel = usePanel();
  const settings = useDataSettingsQuery();
  if (id === null) return <DataSettingForm key="add" setting={null} onCreated={(saved) => panel.open('data-setting', saved.id)} onCancel={close} />;
  if (settings.isPending)
    return (
      <p className={s.stateBox} role="status">
        Loading data setting…
      </p>
    );
  if (settings.isError) {
    return <ListError text="The data setting could not be loaded." onRetry={() => void settings.refetch()} className={s.stateBox} />;
  }
  const setting = settings.data.find((d) => String(d.id) === id);
  if (!setting) return <p className={s.stateBox}>This data setting does not exist.</p>;
  // Keyed by id: opening another setting starts from its own values, not the previous form's.
  return <DataSettingForm key={setting.id} setting={setting} onCreated={() => {}} onCancel={close} />;
}
