// The entity's Rule Silencing tab: the customer's silences (one rule or all rules), in force first,
// with why, until when, who silenced and since when; silences that ran out or were lifted stay listed,
// marked so. Agents who may edit entities (and read rules, as the server asks) silence a rule and lift
// a silence in force, after confirming.
import { useState } from 'react';
import { useLiftRuleSilenceMutation } from '../../../../api/rules/mutations';
import { useRuleSilencesQuery, type RuleSilence } from '../../../../api/rules/queries';
import type { Entity } from '../../../../api/entities/queries';
import { ApiError } from '../../../../api/errors';
import { useAgent } from '../../../../app/auth/auth-context';
import { useToast } from '../../../../app/toasts/toast-context';
import { hasPermission } from '../../../../lib/permissions';
import { compactTime } from '../../../../lib/time';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { DataTable, LoadError, TableEmpty, type Column } from '../../../../ui/DataTable';
import { LoadingState } from '../../../../ui/LoadingState';
import { button } from '../../../../ui/recipes';
import { NOTHING_TO_DISPLAY } from '../entity.constants';
import * as s from '../entity.styles';
import { ToneBadge } from '../parts';
import { SILENCE_STATE_LABELS, silenceEndText, silencedRule, silenceState } from './silence-form';
import { SilenceRuleDialog } from './SilenceRuleDialog';

export const SILENCES_FAILED = 'Failed to load the rule silences.';
export const LIFT_FAILED = 'The silence could not be lifted. Please try again.';

const STATE_TONE = { 'in-force': 'warning', expired: 'neutral', lifted: 'neutral' } as const;

/** Silencing and lifting need what the server asks: edit_entities and read_rules. */
export function canSilenceRules(agent: Parameters<typeof hasPermission>[0]): boolean {
  return hasPermission(agent, 'edit_entities') && hasPermission(agent, 'read_rules');
}

function columns(onLift: ((silence: RuleSilence) => void) | null): Array<Column<RuleSilence> | false> {
  return [
    { header: 'Rule', cell: (r) => silencedRule(r) },
    {
      header: 'Status',
      cell: (r) => {
        const state = silenceState(r);
        return <ToneBadge tone={STATE_TONE[state]}>{SILENCE_STATE_LABELS[state]}</ToneBadge>;
      },
    },
    { header: 'Reason', cell: (r) => r.reason },
    { header: 'Ends', cell: (r) => silenceEndText(r) },
    { header: 'Silenced by', cell: (r) => r.created_by?.full_name ?? '—' },
    { header: 'Since', cell: (r) => compactTime(r.created_at) },
    onLift !== null && {
      header: 'Actions',
      align: 'end',
      cell: (r) =>
        silenceState(r) === 'in-force' ? (
          <button
            type="button"
            className={button({ variant: 'secondary', size: 'sm' })}
            aria-label={`Lift the silence of ${silencedRule(r)}`}
            onClick={() => onLift(r)}
          >
            Lift
          </button>
        ) : null,
    },
  ];
}

export function RuleSilencingTab({ entity }: { entity: Pick<Entity, 'id' | 'name_readable'> }) {
  const agent = useAgent();
  const toast = useToast();
  const silences = useRuleSilencesQuery(entity.id);
  const lift = useLiftRuleSilenceMutation(entity.id);
  const mayEdit = canSilenceRules(agent);
  const [adding, setAdding] = useState(false);
  const [lifting, setLifting] = useState<RuleSilence | null>(null);

  if (silences.isPending) return <LoadingState label="Loading rule silences" />;
  if (silences.isError) return <LoadError message={SILENCES_FAILED} onRetry={() => void silences.refetch()} />;

  const confirmLift = () => {
    if (!lifting || lift.isPending) return;
    lift.mutate(lifting.id, {
      onSuccess: (lifted) => {
        toast.show({ message: `The silence of ${silencedRule(lifted)} was lifted.`, type: 'Success' });
        setLifting(null);
        lift.reset();
      },
    });
  };
  const liftError = lift.isError ? (lift.error instanceof ApiError && lift.error.status === 409 ? lift.error.message : LIFT_FAILED) : null;

  return (
    <>
      {mayEdit ? (
        <div className={s.toolbar}>
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => setAdding(true)}>
            Silence a rule
          </button>
        </div>
      ) : null}
      {silences.data.length === 0 ? (
        <TableEmpty>{NOTHING_TO_DISPLAY}</TableEmpty>
      ) : (
        <DataTable columns={columns(mayEdit ? setLifting : null)} rows={silences.data} rowKey={(r) => r.id} aria-label="Rule silences" />
      )}
      {adding ? <SilenceRuleDialog entity={entity} onClose={() => setAdding(false)} /> : null}
      {lifting ? (
        <ConfirmDialog
          title="Lift this silence?"
          text={`${silencedRule(lifting)} will raise alerts for ${entity.name_readable} again from now on. Hits while it was silenced raise nothing.`}
          action={lift.isPending ? 'Lifting…' : 'Lift silence'}
          busy={lift.isPending}
          error={liftError}
          onConfirm={confirmLift}
          onClose={() => {
            setLifting(null);
            lift.reset();
          }}
        />
      ) : null}
    </>
  );
}
