// The risk model page (/risk-ratings/:id): the model's header and lifecycle buttons (Validate,
// Activate, Archive, Duplicate), its last validation with the Low / Medium / High distribution,
// and the editor.
import { Link } from 'wouter';
import { useDataSettingsQuery } from '../../../api/data-settings/queries';
import { ApiError } from '../../../api/errors';
import { useAgent } from '../../../app/auth/auth-context';
import { longTime } from '../../../lib/time';
import { hasPermission } from '../../../lib/permissions';
import { LoadingState } from '../../../ui/LoadingState';
import { button, textLink } from '../../../ui/recipes';
import { badge } from '../../../features/work/work.styles';
import { useRiskModelQuery, useRiskModelsQuery, type RiskModel } from '../../../api/risk-models/queries';
import { STATUS_LABELS, STATUS_TONES } from '../editor/editor.constants';
import { RiskModelEditor } from '../editor/RiskModelEditor';
import { useRiskModelEditor } from '../editor/use-risk-model-editor';
import * as s from '../risk-ratings.styles';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { modelEditable, useLifecycle } from './use-lifecycle';
import { ValidationSummary } from './ValidationSummary';
import { LoadFailed } from '../../../ui/DetailPage';

export function RiskModelPage({ id }: { id: number }) {
  const query = useRiskModelQuery(id);
  if (query.isPending) return <LoadingState label="Loading risk model" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    const text = missing ? 'This risk model does not exist.' : 'The risk model could not be loaded.';
    return (
      <div className={s.page}>
        <Link href="/risk-ratings" className={`${textLink()} ${s.backLink}`}>
          Risk ratings
        </Link>
        <LoadFailed text={text} onRetry={missing ? null : () => void query.refetch()} className={s.empty} />
      </div>
    );
  }
  return <ModelView key={query.data.id} model={query.data} />;
}

function ModelView({ model }: { model: RiskModel }) {
  const agent = useAgent();
  const settings = useDataSettingsQuery({ enabled: hasPermission(agent, 'read_custom_data_settings') });
  const models = useRiskModelsQuery();
  const editor = useRiskModelEditor(model, modelEditable(model, hasPermission(agent, 'edit_risk_ratings')));
  const life = useLifecycle(model, editor.dirty);
  const active = models.data?.find((m) => m.status === 'active' && m.id !== model.id);
  const tone = STATUS_TONES[model.status];

  return (
    <div className={s.page}>
      <Link href="/risk-ratings" className={`${textLink()} ${s.backLink}`}>
        Risk ratings
      </Link>
      <header className={s.header}>
        <h1 className={s.title}>{model.title}</h1>
        <span className={badge({ tone })} data-tone={tone}>
          {STATUS_LABELS[model.status]}
        </span>
        <span className={s.spacer} />
        <div className={s.toolbar} role="group" aria-label="Lifecycle">
          {life.canEdit && model.status === 'draft' ? (
            <>
              <button type="button" className={button({ variant: 'secondary' })} disabled={!life.validate.allowed || life.busy} onClick={life.validate.run}>
                Validate
              </button>
              <button type="button" className={button({ variant: 'primary' })} disabled={!life.activate.allowed || life.busy} onClick={life.activate.ask}>
                Activate
              </button>
            </>
          ) : null}
          {life.canEdit && model.status !== 'archived' ? (
            <button type="button" className={button({ variant: 'secondary' })} disabled={!life.archive.allowed || life.busy} onClick={life.archive.ask}>
              Archive
            </button>
          ) : null}
          {life.duplicate.allowed ? (
            <button type="button" className={button({ variant: 'secondary' })} disabled={life.busy} onClick={life.duplicate.run}>
              Duplicate
            </button>
          ) : null}
        </div>
      </header>
      <div className={s.meta}>
        <span>
          Created {longTime(model.created_at)}
          {model.created_by ? ` by ${model.created_by.full_name}` : ''}
        </span>
        <span>Changed {longTime(model.updated_at)}</span>
        {model.activated_at ? <span>Activated {longTime(model.activated_at)}</span> : null}
      </div>
      {model.description ? <p className={s.intro}>{model.description}</p> : null}
      <p className={s.note}>{life.note}</p>
      {life.error ? (
        <p className={s.alert} role="alert">
          {life.error}
        </p>
      ) : null}
      <ValidationSummary model={model} />
      <RiskModelEditor editor={editor} readOnly={!life.editable} dataSettings={settings.data ?? []} />
      {life.confirming === 'activate' ? (
        <ConfirmDialog
          title={`Activate ${model.title}?`}
          text={`${active ? `It replaces ${active.title}, which is archived. ` : ''}Every entity of the organisation is rescored under it.`}
          action="Activate"
          busy={life.busy}
          onConfirm={life.activate.run}
          onClose={life.closeConfirm}
        />
      ) : null}
      {life.confirming === 'archive' ? (
        <ConfirmDialog
          title={`Archive ${model.title}?`}
          text={
            model.status === 'active'
              ? 'Entities show as unscored until another model is activated. The model keeps its scores’ traces and does not change again.'
              : 'The draft is kept, read-only, and does not change again.'
          }
          action="Archive"
          busy={life.busy}
          onConfirm={life.archive.run}
          onClose={life.closeConfirm}
        />
      ) : null}
    </div>
  );
}
