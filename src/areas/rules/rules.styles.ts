// The rule page's own looks (its frame, header, tabs, sections, tables and facts come from src/ui):
// the line of facts under the title, the reasons an action is unavailable, the definition in words
// (variables, the condition tree, code), a change's before and after, the grid of facts and the
// progress of a run.
import { cx, sva } from '../../../styled-system/css';
import { detailPage, section } from '../../ui/detail.recipes';

const rule = sva({
  slots: [
    'title',
    'meta',
    'note',
    'toolbar',
    'list',
    'reasons',
    'variables',
    'facts',
    'code',
    'progress',
    'variable',
    'tree',
    'treeOperator',
    'change',
    'plainFieldset',
  ],
  base: {
    title: { fontSize: 'xl', fontWeight: 'semibold', wordBreak: 'break-word' },
    meta: { display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap', fontSize: 'sm', color: 'muted' },
    note: { color: 'muted', fontSize: 'sm' },
    // a line over a tab's table: what the table says on the left, its actions on the right
    toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' },
    list: { listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column' },
    reasons: { color: 'muted', fontSize: 'xs', gap: '0.5' },
    variables: { gap: '3' },
    facts: {
      display: 'grid',
      gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fill, minmax(12rem, 1fr))' },
      gap: '3',
      m: '0',
      '& dd': { m: '0', fontSize: 'sm' },
    },
    code: { fontFamily: 'mono', fontSize: 'xs', bg: 'gray.100', px: '1', borderRadius: 'sm' },
    progress: { width: '8rem', height: '2', accentColor: 'token(colors.brand)' },
    variable: { layerStyle: 'bordered', borderRadius: 'md', p: '3', fontSize: 'sm' },
    // each level of the condition indented behind a rule
    tree: { pl: '4', borderLeftWidth: '2px', borderLeftStyle: 'solid', borderLeftColor: 'gray.200', gap: '1.5', fontSize: 'sm' },
    treeOperator: { textStyle: 'caption', color: 'muted' },
    change: { fontSize: 'xs', gap: '0.5', '& del': { color: 'danger' }, '& ins': { color: 'success', textDecoration: 'none' } },
    plainFieldset: { border: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '1.5', fontSize: 'sm' },
  },
})();

export const { title, meta, note, toolbar, facts, code, progress, variable, treeOperator, plainFieldset } = rule;
/** A changed field: its name, then its value before and after. */
export const change = cx(rule.list, rule.change);
/** Lines without bullets: why actions are unavailable, a change's fields, a hit's variables. */
export const reasons = cx(rule.list, rule.reasons);
export const variables = cx(rule.list, rule.variables);
export const tree = cx(rule.list, rule.tree);
/** The tabs' content, and a tab's parts one under the other. */
export const tabBody = section().body;
export const column = detailPage().column;
/** A table's frame inside a tab. */
export const frame = section().root;
