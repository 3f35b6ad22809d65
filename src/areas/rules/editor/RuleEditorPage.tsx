// The editor's pages: a new rule (/rules/new, with create_rules) and a rule's edit
// (/rules/:id/edit, with edit_rules while the lifecycle lets it change). Saving goes to the rule's
// Definition tab.
import { useDataSettingsQuery } from '../../../api/data-settings/queries';
import { useQueuesQuery } from '../../../api/queues/queries';
import { useRuleQuery, type Rule } from '../../../api/rules/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { LoadingState } from '../../../ui/LoadingState';
import { DetailPage } from '../../../ui/DetailPage';
import { listPage } from '../../../ui/list.recipes';
import { PageIntro } from '../../../ui/WholeList';
import { ruleSnapshot } from '../../../../machines/rule.machine';
import { RulePageError } from '../detail/RulePageError';
import { rulePath, RULES_PATH } from '../rule-paths';
import * as s from '../rules.styles';
import { RuleEditor } from './RuleEditor';
import { useRuleEditor } from './use-rule-editor';

function useEditorData() {
  const agent = useAgent();
  const queues = useQueuesQuery();
  const settings = useDataSettingsQuery({ enabled: hasPermission(agent, 'read_custom_data_settings') });
  return { queues: queues.data ?? [], dataSettings: settings.data ?? [] };
}

export function NewRulePage() {
  const agent = useAgent();
  if (!hasPermission(agent, 'create_rules')) return <Refused text="Writing a rule needs permission to create rules." />;
  return <NewRule />;
}

function NewRule() {
  const editor = useRuleEditor(null);
  const data = useEditorData();
  return (
    <DetailPage trail={trail()} current="New rule" width="md">
      <h1 className={s.title}>New rule</h1>
      <PageIntro>A new rule is a draft: validate it over past events, then someone allowed to make rules live puts it in shadow or activates it.</PageIntro>
      <RuleEditor editor={editor} {...data} specLocked={false} cancelHref={RULES_PATH} saveLabel="Save draft" />
    </DetailPage>
  );
}

export function EditRulePage({ id }: { id: number }) {
  const query = useRuleQuery(id);
  if (query.isPending) return <LoadingState label="Loading rule" />;
  if (query.isError) return <RulePageError error={query.error} retry={() => void query.refetch()} />;
  return <EditRule key={query.data.id} rule={query.data} />;
}

function EditRule({ rule }: { rule: Rule }) {
  const agent = useAgent();
  const editor = useRuleEditor(rule);
  const data = useEditorData();
  const allowed =
    hasPermission(agent, 'edit_rules') && ruleSnapshot(rule.status, rule.last_validation?.status, rule.validated_current).can({ type: 'rule.edit' });
  if (!allowed)
    return (
      <Refused
        text={
          hasPermission(agent, 'edit_rules')
            ? 'This rule cannot change now: it is archived, or its validation is queued or in progress.'
            : 'Changing a rule needs permission to edit rules.'
        }
        back={rule}
      />
    );
  const live = rule.status === 'ACTIVE' || rule.status === 'ACTIVE_SHADOW';
  return (
    <DetailPage trail={trail(rule)} current={`Edit ${rule.title}`} width="md">
      <h1 className={s.title}>Edit {rule.title}</h1>
      {live ? <PageIntro>Saving a change to what a live rule detects makes version {rule.version + 1}; it stays live.</PageIntro> : null}
      <RuleEditor editor={editor} {...data} specLocked={live && !hasPermission(agent, 'activate_live_rules')} cancelHref={rulePath(rule.id)} saveLabel="Save" />
    </DetailPage>
  );
}

/** The way back: the list, and the rule being edited. */
const trail = (rule?: Rule) => [{ href: RULES_PATH, label: 'Rules' }, ...(rule ? [{ href: rulePath(rule.id), label: rule.title }] : [])];

function Refused({ text, back }: { text: string; back?: Rule }) {
  return (
    <DetailPage trail={trail(back)} current={back ? 'Edit' : 'New rule'} width="md">
      <p className={listPage().state} role="alert">
        {text}
      </p>
    </DetailPage>
  );
}
