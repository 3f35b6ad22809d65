// The 'rule-admin' right-panel view (?panel=rule-admin:{ruleId}; spec part 2, "rule admin content
// panel"): one rule of the rules admin dashboard as read-only text areas (its spec as stored,
// pretty-printed, and its health over 7 days), each with a copy button and a Copied chip for 2
// seconds. It reads the dashboard's list (one cached call), so a shared link opens it too.
import type { PanelViewProps } from '../../app/panels/panel-views';
import { useRulesAdminQuery } from '../../api/rules/queries';
import { RuleStatusBadge } from '../../features/rules/RuleBadges';
import { CopyField } from '../../ui/CopyField';
import { detailPage } from '../../ui/detail.recipes';
import { Loaded } from '../../ui/Loaded';
import { listText as t } from '../../ui/WholeList';
import * as s from './rules-admin.styles';
import { healthText, specText } from './rules-admin.utils';

const column = detailPage().column;

export default function RuleAdminPanel({ id }: PanelViewProps) {
  const ruleId = id && /^[0-9]+$/.test(id) ? Number(id) : 0;
  const rules = useRulesAdminQuery();
  if (!ruleId) return <p className={t.muted}>No rule is selected.</p>;
  return (
    <Loaded query={rules} loading="Loading the rule" failed="The rule could not be loaded.">
      {(list) => {
        const row = list.find((r) => r.rule_id === ruleId);
        if (!row) return <p className={t.muted}>{`Rule ${ruleId} does not exist.`}</p>;
        return (
          <div className={column}>
            <div className={t.stack}>
              <h3 className={s.panelTitle}>{row.title}</h3>
              <span className={t.small}>{`${row.org_name} · version ${row.version}`}</span>
              <RuleStatusBadge status={row.status} />
            </div>
            <CopyField label="Health (7 days)" value={healthText(row)} rows={9} />
            <CopyField label="Spec (JSON)" value={specText(row)} rows={18} />
          </div>
        );
      }}
    </Loaded>
  );
}
