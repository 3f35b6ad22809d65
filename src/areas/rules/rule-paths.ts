// The rules area's addresses: the list, a rule's tab, the editor of a new rule and of a rule.
export const RULE_TABS = ['definition', 'validation', 'shadow-results', 'history'] as const;
export type RuleTab = (typeof RULE_TABS)[number];

export const RULES_PATH = '/rules';
export const NEW_RULE_PATH = '/rules/new';
export const rulePath = (id: number, tab: RuleTab = 'definition') => `/rules/${id}/${tab}`;
export const editRulePath = (id: number) => `/rules/${id}/edit`;

export const isRuleTab = (tab: string | undefined): tab is RuleTab => (RULE_TABS as readonly string[]).includes(tab ?? '');
