// The risk ratings list (/risk-ratings): every model of the organisation, the active one first,
// with its status, last validation, thresholds and segments; create a draft, or duplicate the
// active model into a draft; "Export" asks for a CSV file of the list.
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { useRegisterCommands } from '../../../app/palette';
import { useToast } from '../../../app/toasts/toast-context';
import { compactTime } from '../../../lib/time';
import { hasPermission } from '../../../lib/permissions';
import { button, textLink } from '../../../ui/recipes';
import { badge } from '../../../features/work/work.styles';
import { useDuplicateRiskModelMutation } from '../../../api/risk-models/mutations';
import { useRiskModelsQuery, type RiskModel } from '../../../api/risk-models/queries';
import { lifecycleErrorText, riskModelPath } from '../detail/use-lifecycle';
import { ValidationBadge } from '../detail/ValidationSummary';
import { STATUS_LABELS, STATUS_TONES } from '../editor/editor.constants';
import * as s from '../risk-ratings.styles';
import { CreateDraftDialog } from './CreateDraftDialog';
import { ExportListButton } from '../../../features/exports/ExportListButton';
import { RISK_RATING_EXPORT_FORMATS, riskRatingExportRequest } from './risk-rating-export';
import { RowTable, TableHead } from '../../../ui/RowTable';
import { TableCard } from '../../../ui/TableCard';

export const NO_MODELS_TEXT = 'No risk models yet. Create a draft to start.';

export function RiskModelListPage() {
  const agent = useAgent();
  const toast = useToast();
  const [, navigate] = useLocation();
  const models = useRiskModelsQuery();
  const duplicate = useDuplicateRiskModelMutation();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canCreate = hasPermission(agent, 'create_risk_ratings');
  const list = models.data ?? [];
  const active = list.find((m) => m.status === 'active');

  const duplicateActive = () => {
    if (!active) return;
    setError(null);
    duplicate.mutate(active.id, {
      onSuccess: (draft) => {
        toast.show({ message: `${draft.title} created.`, type: 'Success' });
        navigate(riskModelPath(draft.id));
      },
      onError: (e) => setError(lifecycleErrorText(e)),
    });
  };

  useRegisterCommands(
    'risk-ratings.list',
    canCreate
      ? [
          {
            id: 'risk-ratings.create',
            title: 'Create a draft risk model',
            group: 'Risk ratings',
            keywords: ['risk', 'model', 'new'],
            run: () => setCreating(true),
          },
          ...(active
            ? [
                {
                  id: 'risk-ratings.duplicate-active',
                  title: 'Duplicate the active risk model',
                  group: 'Risk ratings',
                  keywords: ['risk', 'model', 'copy'],
                  run: duplicateActive,
                },
              ]
            : []),
        ]
      : [],
    [canCreate, active?.id],
  );

  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>Risk ratings</h1>
        <span className={s.spacer} />
        <ExportListButton noun="risk models" count={models.data?.length} formats={RISK_RATING_EXPORT_FORMATS} request={riskRatingExportRequest} />
        {canCreate ? (
          <>
            {active ? (
              <button type="button" className={button({ variant: 'secondary' })} disabled={duplicate.isPending} onClick={duplicateActive}>
                Duplicate active model
              </button>
            ) : null}
            <button type="button" className={button({ variant: 'primary' })} onClick={() => setCreating(true)}>
              Create draft
            </button>
          </>
        ) : null}
      </header>
      <p className={s.intro}>
        Risk models rate every entity Low, Medium or High. One model is active at a time; drafts are validated against the organisation's entities before they
        can replace it.
      </p>
      {error ? (
        <p className={s.alert} role="alert">
          {error}
        </p>
      ) : null}
      <TableCard
        query={models}
        loading="Loading risk models"
        failed="The risk models could not be loaded."
        empty={list.length === 0 ? NO_MODELS_TEXT : null}
        look="frame"
      >
        {() => (
          <RowTable pageKeys className={s.table} aria-label="Risk models">
            <TableHead columns={['Title', 'Status', 'Last validation', 'Thresholds', 'Segments', 'Changed']} />
            <tbody>
              {list.map((m) => (
                <ModelRow key={m.id} model={m} />
              ))}
            </tbody>
          </RowTable>
        )}
      </TableCard>
      {creating ? <CreateDraftDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

function ModelRow({ model }: { model: RiskModel }) {
  const tone = STATUS_TONES[model.status];
  const v = model.last_validation;
  return (
    <tr data-model-id={model.id}>
      <td>
        <Link href={riskModelPath(model.id)} className={textLink()}>
          {model.title}
        </Link>
      </td>
      <td>
        <span className={badge({ tone })} data-tone={tone}>
          {STATUS_LABELS[model.status]}
        </span>
      </td>
      <td>
        <div className={s.stack}>
          <ValidationBadge validation={v} />
          {v?.validated_at ? <span className={s.small}>{compactTime(v.validated_at)}</span> : null}
        </div>
      </td>
      <td>
        Low below {model.low_risk_ceiling}, High above {model.high_risk_floor}
      </td>
      <td>{model.entity_risk_segments.map((seg) => seg.title).join(', ') || <span className={s.muted}>None</span>}</td>
      <td className={s.muted}>{compactTime(model.updated_at)}</td>
    </tr>
  );
}
