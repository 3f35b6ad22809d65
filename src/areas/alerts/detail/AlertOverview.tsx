// The alert's overview: what it is about (description, content, facts), its disposition as recorded
// (GET /alert/disposition) and the condition cards of its rules.
import { Section } from '../../../ui/Section';
import { useEffect } from 'react';
import { useToast } from '../../../app/toasts/toast-context';
import { longTime } from '../../../lib/time';
import { dispositionLabel } from '../../../lib/work-rules';
import * as w from '../../../features/work/work.styles';
import { useAlertDispositionQuery, type Alert } from '../../../api/alerts/queries';
import { Fact as SharedFact, LabelledValue } from '../../../ui/Facts';
import * as s from './alert-detail.styles';
import { ConditionCards } from './ConditionCards';
import type { RuleExplanations } from './use-rule-explanations';

/** Spec part 2, section 8. */
export const DISPOSITIONS_FAILED = 'Failed to get alert dispositions.';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <SharedFact label={label} className={s.factValue}>
      {children}
    </SharedFact>
  );
}

export function AlertOverview({ alert, explanations, onExplain }: { alert: Alert; explanations: RuleExplanations; onExplain: () => void }) {
  const toast = useToast();
  const disposition = useAlertDispositionQuery(alert.id, alert.status !== 'RULE_VALIDATION');
  useEffect(() => {
    if (disposition.isError) toast.show({ message: DISPOSITIONS_FAILED, type: 'Error' });
  }, [disposition.isError, toast]);
  const recorded = disposition.data;

  return (
    <>
      <Section id="alert-overview-title" title="Overview">
        {alert.description ? <p className={s.description}>{alert.description}</p> : null}
        {alert.content ? <p className={s.description}>{alert.content}</p> : null}
        <dl className={s.facts}>
          <Fact label="Source">{alert.object_source === 'EXTERNAL' ? 'External' : alert.object_source === 'INTERNAL' ? 'Internal' : '—'}</Fact>
          <Fact label="Start date">{longTime(alert.start_date)}</Fact>
          <Fact label="Rules">{alert.rules.length === 0 ? 'None (raised manually)' : alert.rules.map((r) => r.title).join(', ')}</Fact>
          <Fact label="Hits">{String(alert.variable_snapshots.length)}</Fact>
          <Fact label="Disposition">{recorded?.disposition ? dispositionLabel(recorded.disposition) : disposition.isError ? DISPOSITIONS_FAILED : '—'}</Fact>
        </dl>
        {recorded?.disposition_notes ? (
          <LabelledValue label="Disposition notes">
            <p className={s.description}>{recorded.disposition_notes}</p>
          </LabelledValue>
        ) : null}
      </Section>
      <Section
        id="alert-conditions-title"
        title="Rule conditions"
        actions={
          <>
            <button type="button" className={w.linkButton} onClick={onExplain}>
              Why did this alert flag?
            </button>
          </>
        }
      >
        <ConditionCards explanations={explanations} />
      </Section>
    </>
  );
}
