// The Permission Control panel, right-panel view 'permissions': ?panel=permissions:{agentId} for an
// agent, ?panel=permissions:team:{teamId} for a team (spec part 1 section 6). Search over label and
// description, grouped by type, root_all hidden, edit_permissions set only by presets, presets
// Agent / Manager / Custom / All derived from the selection, and nothing saved before "Save to DB".
import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { useToast } from '../../../app/toasts/toast-context';
import { LoadingState } from '../../../ui/LoadingState';
import { button, textLink } from '../../../ui/recipes';
import { useManagedAgentQuery } from '../../../api/people/queries';
import { useTeamQuery } from '../../../api/teams/queries';
import type { AssociationType } from '../../../api/permissions/queries';
import { checkboxPermissions, groupByType, PRESET_NAMES, searchPermissions, TYPE_LABELS, type ChoosablePreset } from './permission-presets';
import { usePermissionEditor } from './use-permission-editor';
import * as s from './permissions.styles';

/** "12" is agent 12, "team:3" team 3; anything else names nobody. */
export function parseHolder(id: string | null): { type: AssociationType; id: number } | null {
  const match = /^(?:(team):)?([1-9][0-9]*)$/.exec(id ?? '');
  return match ? { type: match[1] ? 'team' : 'agent', id: Number(match[2]) } : null;
}

export default function PermissionsPanel({ id }: PanelViewProps) {
  const holder = parseHolder(id);
  if (!holder) return <p className={s.state}>No agent or team is selected.</p>;
  return holder.type === 'agent' ? <AgentPermissions id={holder.id} /> : <TeamPermissions id={holder.id} />;
}

function AgentPermissions({ id }: { id: number }) {
  const agent = useManagedAgentQuery(id);
  // the name and the team-precedence notice come with the agent: never show the set without them
  if (agent.isPending) return <LoadingState label="Loading permissions" />;
  const ruling = agent.data?.teams.filter((t) => t.has_permission_set) ?? [];
  return (
    <Editor type="agent" id={id} name={agent.data?.full_name ?? 'Agent'}>
      {ruling.length ? (
        // Team permissions take precedence over the agent's own (spec part 1 section 6).
        <p className={s.notice} role="note">
          Team permissions take precedence. While {agent.data!.full_name} belongs to{' '}
          {ruling.map((t, i) => (
            <span key={t.id}>
              {i > 0 ? (i === ruling.length - 1 ? ' and ' : ', ') : ''}
              <Link href={`/teams/${t.id}`} className={textLink()}>
                {t.name}
              </Link>
            </span>
          ))}
          , they work with {ruling.length > 1 ? 'those teams’' : 'that team’s'} permissions, not the ones below.
        </p>
      ) : null}
    </Editor>
  );
}

function TeamPermissions({ id }: { id: number }) {
  const team = useTeamQuery(id);
  if (team.isPending) return <LoadingState label="Loading permissions" />;
  return (
    <Editor type="team" id={id} name={team.data?.name ?? 'Team'}>
      <p className={s.sub}>Members of a team with permissions work with the team’s permissions instead of their own.</p>
    </Editor>
  );
}

function Editor({ type, id, name, children }: { type: AssociationType; id: number; name: string; children?: React.ReactNode }) {
  const editor = usePermissionEditor(type, id);
  const toast = useToast();
  const [phrase, setPhrase] = useState('');
  const uid = useId();
  const groups = useMemo(() => groupByType(searchPermissions(checkboxPermissions(editor.catalogue), phrase)), [editor.catalogue, phrase]);

  if (editor.error) {
    return (
      <div className={s.body} role="alert">
        <p>The permissions could not be loaded.</p>
        <button type="button" className={textLink()} onClick={editor.retry}>
          Retry
        </button>
      </div>
    );
  }
  if (!editor.ready) return <LoadingState label="Loading permissions" />;

  return (
    <div className={s.body}>
      <div>
        <h2 className={s.heading}>Permissions for {name}</h2>
        {editor.canEdit ? null : (
          <p className={s.sub}>
            {editor.own ? 'You cannot change your own permissions; another agent must make this change.' : 'You can see these permissions but not change them.'}
          </p>
        )}
      </div>
      {children}
      <fieldset className={s.presets} aria-label="Preset">
        {PRESET_NAMES.map((preset) => (
          <label key={preset} className={s.preset}>
            <input
              type="radio"
              name={`${uid}-preset`}
              value={preset}
              checked={editor.preset === preset}
              // Custom names any other selection: it is shown, never chosen.
              disabled={preset === 'Custom' || !editor.canChoose(preset)}
              onChange={() => editor.choose(preset as ChoosablePreset)}
            />
            {preset}
          </label>
        ))}
      </fieldset>
      <input
        type="search"
        className={s.search}
        placeholder="Search permissions"
        aria-label="Search permissions"
        value={phrase}
        onChange={(e) => setPhrase(e.target.value)}
      />
      <div className={s.groups}>
        {groups.length === 0 ? <p className={s.state}>No permissions match.</p> : null}
        {groups.map((group) => (
          <fieldset key={group.type} className={s.group}>
            <legend className={s.legend}>{TYPE_LABELS[group.type] ?? group.type}</legend>
            {group.permissions.map((p) => {
              const descriptionId = `${uid}-${p.id}-d`;
              const locked = !editor.canEdit || !editor.editorHolds(p.name);
              return (
                // The description stays out of the label so the checkbox is named by the label alone.
                <div key={p.id} className={s.item} title={editor.canEdit && locked ? 'You can only give or take permissions you hold yourself.' : undefined}>
                  <input
                    id={`${uid}-${p.id}`}
                    type="checkbox"
                    checked={editor.selection.has(p.name)}
                    disabled={locked}
                    aria-describedby={descriptionId}
                    onChange={(e) => editor.toggle(p.name, e.target.checked)}
                  />
                  <label htmlFor={`${uid}-${p.id}`}>{p.label}</label>
                  <span id={descriptionId} className={s.description}>
                    {p.description}
                  </span>
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
      {editor.save.isError ? (
        <p className={s.error} role="alert">
          {editor.save.error.message}
        </p>
      ) : null}
      {editor.canEdit ? (
        <div className={s.footer}>
          <span className={s.count} aria-live="polite">
            {editor.dirty ? 'Unsaved changes' : 'Saved'}
          </span>
          <span className={s.spacer} />
          {editor.dirty ? (
            <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={editor.reset}>
              Discard
            </button>
          ) : null}
          <button
            type="button"
            className={button({ variant: 'primary', size: 'sm' })}
            disabled={!editor.dirty || editor.save.isPending || editor.beyond.length > 0}
            onClick={() => editor.submit(() => toast.show({ message: `Permissions for ${name} saved.`, type: 'Success' }))}
          >
            Save to DB
          </button>
        </div>
      ) : null}
    </div>
  );
}
