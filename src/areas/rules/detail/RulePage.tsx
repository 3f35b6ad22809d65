// The rule page (/rules/:id/:tab): the header (title, status, version, queue, owner) with the
// lifecycle's actions as the machine and the agent's permissions allow them (each unavailable one
// disabled with its reason), then the tabs Definition, Validation, Shadow results and History,
// the chosen one in the address. The palette offers the page's actions.
import { useLocation } from 'wouter';
import { useDataSettingsQuery } from '../../../api/data-settings/queries';
import { useRuleQuery, type Rule } from '../../../api/rules/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { useRegisterCommands } from '../../../app/palette';
import { hasPermission } from '../../../lib/permissions';
import { compactTime, longTime } from '../../../lib/time';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { detailHeader } from '../../../ui/detail.recipes';
import { DetailHeader } from '../../../ui/DetailHeader';
import { DetailPage } from '../../../ui/DetailPage';
import { DetailTabs } from '../../../ui/DetailTabs';
import { LoadingState } from '../../../ui/LoadingState';
import { button, notice } from '../../../ui/recipes';
import { listText as t } from '../../../ui/WholeList';
import { isRuleTab, rulePath, RULES_PATH, type RuleTab } from '../rule-paths';
import { RuleStatusBadge, ValidationBadge } from '../../../features/rules/RuleBadges';
import * as s from '../rules.styles';
import { RulePageError } from './RulePageError';
import { DefinitionTab } from './tabs/DefinitionTab';
import { HistoryTab } from './tabs/HistoryTab';
import { ShadowResultsTab } from './tabs/ShadowResultsTab';
import { ValidationTab } from './tabs/ValidationTab';
import { useRuleActions, type RuleAction } from './use-rule-actions';
import { ValidateDialog } from './ValidateDialog';

const h = detailHeader();

const TABS: ReadonlyArray<{ id: RuleTab; label: string }> = [
  { id: 'definition', label: 'Definition' },
  { id: 'validation', label: 'Validation' },
  { id: 'shadow-results', label: 'Shadow results' },
  { id: 'history', label: 'History' },
];

const CONFIRM = {
  ACTIVE_SHADOW: {
    title: (r: Rule) => `Put ${r.title} in shadow?`,
    text: 'In shadow the rule judges every new event and logs its hits, but raises no alert.',
    action: 'Put in shadow',
  },
  ACTIVE: {
    title: (r: Rule) => `Activate ${r.title}?`,
    text: 'An active rule judges every new event and raises alerts in its queue.',
    action: 'Activate',
  },
  ARCHIVED: {
    title: (r: Rule) => `Archive ${r.title}?`,
    text: 'An archived rule judges nothing and cannot change or go live again. Its hits and alerts are kept.',
    action: 'Archive',
  },
} as const;

export function RulePage({ id, tab }: { id: number; tab: string | undefined }) {
  const query = useRuleQuery(id);
  if (query.isPending) return <LoadingState label="Loading rule" />;
  if (query.isError) return <RulePageError error={query.error} retry={() => void query.refetch()} />;
  return <RuleView rule={query.data} tab={isRuleTab(tab) ? tab : 'definition'} />;
}

function ActionButton({ action }: { action: RuleAction }) {
  const primary = action.id === 'activate' || action.id === 'shadow';
  const reasonId = `rule-action-${action.id}-reason`;
  return (
    <button
      type="button"
      className={button({ variant: primary ? 'primary' : 'secondary' })}
      // focusable while unavailable, so its reason is read and the order of the toolbar stays
      aria-disabled={action.reason ? true : undefined}
      aria-describedby={action.reason ? reasonId : undefined}
      data-unavailable={action.reason ? true : undefined}
      onClick={() => (action.reason ? undefined : action.run())}
    >
      {action.label}
    </button>
  );
}

function RuleView({ rule, tab }: { rule: Rule; tab: RuleTab }) {
  const agent = useAgent();
  const [, navigate] = useLocation();
  const life = useRuleActions(rule);
  const settings = useDataSettingsQuery({ enabled: hasPermission(agent, 'read_custom_data_settings') });
  const validate = life.actions.find((a) => a.id === 'validate');

  useRegisterCommands(
    `rules.detail.${rule.id}`,
    life.actions
      .filter((a) => a.reason === null)
      .map((a) => ({
        id: `rules.detail.${a.id}`,
        title: `${a.label} ${rule.title}`,
        group: 'This rule',
        keywords: ['rule', a.id],
        run: a.run,
      })),
    [rule.id, rule.title, life.actions.map((a) => `${a.id}:${a.reason ?? ''}`).join(',')],
  );

  const unavailable = life.actions.filter((a) => a.reason);
  const v = rule.last_validation;
  const confirm = life.confirming ? CONFIRM[life.confirming] : null;

  return (
    <DetailPage trail={[{ href: RULES_PATH, label: 'Rules' }]} current={rule.title} width="md">
      <DetailHeader
        as="header"
        title={rule.title}
        subtitle={
          <span className={s.meta}>
            <RuleStatusBadge status={rule.status} />
            <span>Version {rule.version}</span>
            <span>Queue: {rule.queue?.title ?? 'none'}</span>
            <span>Owner: {rule.owner?.full_name ?? '—'}</span>
            <span>Changed {longTime(rule.updated_at)}</span>
            <span>Alerts in the last 30 days: {rule.alerts_30d.toLocaleString('en-US')}</span>
          </span>
        }
        actions={
          life.actions.length ? (
            <div className={h.actions} role="group" aria-label="Rule actions">
              {life.actions.map((a) => (
                <ActionButton key={a.id} action={a} />
              ))}
            </div>
          ) : undefined
        }
      >
        <div className={s.meta}>
          <span>Last validation</span>
          <ValidationBadge run={v} />
          {v ? <span className={t.small}>{compactTime(v.finished_at ?? v.created_at)}</span> : null}
          {v && !rule.validated_current && v.status === 'success' ? <span className={t.small}>(an earlier definition)</span> : null}
        </div>
        <p className={s.note}>{life.note}</p>
        {unavailable.length ? (
          <ul className={s.reasons} aria-label="Why some actions are unavailable">
            {unavailable.map((a) => (
              <li key={a.id} id={`rule-action-${a.id}-reason`}>
                {a.label}: {a.reason}
              </li>
            ))}
          </ul>
        ) : null}
        {life.error ? (
          <p className={notice()} role="alert">
            {life.error}
          </p>
        ) : null}
      </DetailHeader>
      <DetailTabs label="Rule details" tabs={TABS} selected={tab} onSelect={(next) => navigate(rulePath(rule.id, next), { replace: true })}>
        {(shown) => (
          <div className={s.tabBody}>
            {shown === 'definition' ? <DefinitionTab rule={rule} settings={settings.data ?? []} /> : null}
            {shown === 'validation' ? (
              <ValidationTab rule={rule} canValidate={Boolean(validate && !validate.reason)} onValidate={() => validate?.run()} />
            ) : null}
            {shown === 'shadow-results' ? <ShadowResultsTab rule={rule} /> : null}
            {shown === 'history' ? <HistoryTab rule={rule} /> : null}
          </div>
        )}
      </DetailTabs>
      {life.validating ? (
        <ValidateDialog
          rule={rule}
          onClose={life.closeValidate}
          onQueued={() => {
            life.closeValidate();
            navigate(rulePath(rule.id, 'validation'));
          }}
        />
      ) : null}
      {confirm && life.confirming ? (
        <ConfirmDialog
          title={confirm.title(rule)}
          text={confirm.text}
          action={confirm.action}
          tone={life.confirming === 'ARCHIVED' ? 'danger' : 'primary'}
          busy={life.busy}
          onConfirm={life.confirm}
          onClose={life.closeConfirm}
        />
      ) : null}
    </DetailPage>
  );
}
