// The profile's Notifications tab, where the notifications screen's "Notification settings" link
// lands: which kinds of notification the agent receives. Each switch saves at once.
import { useState } from 'react';
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { useNotificationSettingsQuery, type NotificationKind } from '../../../api/people/queries';
import { useSaveNotificationSettingsMutation } from '../../../api/people/mutations';
import * as s from '../people.styles';
import { ListError } from '../../../ui/ListPage';

const KIND_TEXT: Record<NotificationKind, { label: string; hint: string }> = {
  assignment: { label: 'Assignments', hint: 'An alert or case is assigned to me.' },
  mention: { label: 'Mentions', hint: 'Someone mentions me in a comment.' },
  rule: { label: 'Rule alerts', hint: 'A rule raises alerts in a queue I belong to.' },
};

export function NotificationSettingsTab({ agentId }: { agentId: number }) {
  const me = useAgent();
  const settings = useNotificationSettingsQuery(agentId);
  const save = useSaveNotificationSettingsMutation(agentId);
  // The switch moves at once; the saved answer (or a refusal) settles it.
  const [shown, setShown] = useState<Partial<Record<NotificationKind, boolean>>>({});
  const mine = me.id === agentId;
  const canEdit = mine || hasPermission(me, 'edit_notification_settings');

  if (settings.isPending)
    return (
      <p className={s.stateBox} role="status">
        Loading notification settings…
      </p>
    );
  if (settings.isError) {
    return <ListError text="The notification settings could not be loaded." onRetry={() => void settings.refetch()} className={s.stateBox} />;
  }
  return (
    <section className={s.card} aria-labelledby="notification-settings-title">
      <div>
        <h2 id="notification-settings-title" className={s.sectionTitle}>
          Notification settings
        </h2>
        <p className={s.subtitle}>{mine ? 'Choose what you are notified about.' : 'What this agent is notified about.'}</p>
      </div>
      <ul className={s.list}>
        {settings.data.settings.map((setting) => {
          const text = KIND_TEXT[setting.kind];
          return (
            <li key={setting.kind}>
              <label className={s.switchRow}>
                <input
                  type="checkbox"
                  role="switch"
                  checked={shown[setting.kind] ?? setting.enabled}
                  disabled={!canEdit}
                  onChange={(e) => {
                    const enabled = e.target.checked;
                    setShown({ ...shown, [setting.kind]: enabled });
                    save.mutate([{ kind: setting.kind, enabled }], { onSettled: () => setShown((now) => ({ ...now, [setting.kind]: undefined })) });
                  }}
                />
                <span>
                  {text.label}
                  <br />
                  <span className={s.muted}>{text.hint}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {save.isError ? (
        <p role="alert" className={s.muted}>
          The setting could not be saved: {save.error.message}
        </p>
      ) : null}
    </section>
  );
}
