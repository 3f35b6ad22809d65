// Org management (/org-management, behind read_org_permissions): the organisation's settings, the
// inactivity logout policy and the configured home route, changed by holders of edit_org_permissions.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSaveOrgSettingsMutation } from '../../api/orgs/mutations';
import { useOrgSettingsQuery, type OrgSettings } from '../../api/orgs/queries';
import { useAgent } from '../../app/auth/auth-context';
import { useToast } from '../../app/toasts/toast-context';
import { hasPermission, isAllowed } from '../../lib/permissions';
import { LoadingState } from '../../ui/LoadingState';
import { button, textLink } from '../../ui/recipes';
import * as d from '../../ui/dialog.styles';
import * as s from './org-management.styles';
import { AUDIT_LOG_GUARD } from './org-management.constants';
import { Field } from '../../ui/FormField';

export function OrgSettingsPage() {
  const id = useId();
  const agent = useAgent();
  const settings = useOrgSettingsQuery();
  return (
    <section className={s.page} aria-labelledby={`${id}-title`}>
      <header className={s.header}>
        <h1 id={`${id}-title`} className={s.title}>
          Org management
        </h1>
        <span className={s.muted}>{agent.org.display_name}</span>
      </header>
      {isAllowed(AUDIT_LOG_GUARD, agent) ? (
        <p className={s.muted}>
          Who changed what, and when: see the{' '}
          <Link href="/audit-log" className={textLink()}>
            audit log
          </Link>
          .
        </p>
      ) : null}
      {settings.isPending ? <LoadingState label="Loading the settings" /> : null}
      {settings.isError ? (
        <p role="alert" className={s.empty}>
          The settings could not be loaded.
        </p>
      ) : null}
      {settings.data ? <SettingsForm settings={settings.data} editable={hasPermission(agent, 'edit_org_permissions')} /> : null}
    </section>
  );
}

function SettingsForm({ settings, editable }: { settings: OrgSettings; editable: boolean }) {
  const id = useId();
  const toast = useToast();
  const [enabled, setEnabled] = useState(settings.inactivity.enabled);
  const [minutes, setMinutes] = useState(String(Math.round(settings.inactivity.time_seconds / 60)));
  const [homeRoute, setHomeRoute] = useState(settings.home_route ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveOrgSettingsMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const m = Number(minutes);
    if (!Number.isInteger(m) || m < 1 || m > 1440) return setError('Inactivity time must be a whole number of minutes from 1 to 1440.');
    const route = homeRoute.trim();
    if (route && !/^\/[A-Za-z0-9/_-]*$/.test(route)) return setError('The home route must be a console path such as /alerts.');
    setError(null);
    save.mutate(
      { inactivity: { enabled, time_seconds: m * 60 }, home_route: route || null },
      {
        onSuccess: () => toast.show({ message: 'Settings saved.', type: 'Success' }),
        // a refusal keeps what was typed
        onError: () => setError('The settings were not saved. Please try again.'),
      },
    );
  };
  return (
    <form className={s.card} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={s.sectionTitle}>
        Session and home
      </h2>
      <label className={s.filter}>
        <span>
          <input type="checkbox" checked={enabled} disabled={!editable} onChange={(e) => setEnabled(e.target.checked)} /> Log agents out after inactivity
        </span>
      </label>
      <Field id={`${id}-minutes`} label="Inactivity time (minutes)">
        <input
          id={`${id}-minutes`}
          className={d.input}
          inputMode="numeric"
          value={minutes}
          disabled={!editable || !enabled}
          onChange={(e) => setMinutes(e.target.value)}
        />
      </Field>
      <div className={d.field}>
        <label className={d.label} htmlFor={`${id}-home`}>
          Home route <span className={d.optional}>(optional)</span>
        </label>
        <input
          id={`${id}-home`}
          className={d.input}
          value={homeRoute}
          placeholder="/alerts"
          disabled={!editable}
          onChange={(e) => setHomeRoute(e.target.value)}
        />
        <span className={d.hint}>Where agents land after signing in, when they may open it.</span>
      </div>
      <p className={s.muted}>Data store: {settings.data_store === 'DL' ? 'DL (data lake)' : 'PG (PostgreSQL)'}</p>
      {error ? (
        <p role="alert" className={d.formError}>
          {error}
        </p>
      ) : null}
      {editable ? (
        <div className={d.actions}>
          <button type="submit" className={button({ variant: 'primary' })} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </button>
        </div>
      ) : (
        <p className={s.muted}>You can read these settings; changing them needs the org permissions edit permission.</p>
      )}
    </form>
  );
}
