// The rule editor's own looks (its sections, fields and buttons come from src/ui): the plain
// fieldset of the definition, a grid of fields, a variable's card, the condition groups (nested,
// each indented and dashed), a condition's row and the window presets.
import { cx, sva } from '../../../../styled-system/css';
import * as d from '../../../ui/dialog.styles';
import { listPage } from '../../../ui/list.recipes';
import { card } from '../../../ui/recipes';

const editor = sva({
  slots: ['fieldset', 'grid', 'stack', 'dashed', 'leaf', 'thin', 'legend', 'row', 'rowEnd', 'bare', 'checks', 'checksLegend'],
  base: {
    // a fieldset without its frame
    bare: { border: 'none', p: '0', m: '0', minWidth: '0' },
    fieldset: { display: 'flex', flexDirection: 'column', gap: '5' },
    grid: { display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fill, minmax(14rem, 1fr))' }, gap: '4', alignItems: 'start' },
    // a group's parts one under the other; a fieldset keeps its content's width unless told otherwise
    stack: { display: 'flex', flexDirection: 'column', gap: '3', m: '0', minWidth: '0' },
    dashed: { borderWidth: '1px', borderStyle: 'dashed', borderColor: 'gray.300', borderRadius: 'md', p: '3', bg: 'gray.50' },
    leaf: { display: 'flex', gap: '3', alignItems: 'flex-start', flexWrap: 'wrap', '& > div': { flex: '1 1 10rem', minWidth: '8rem' } },
    thin: { borderWidth: '1px', borderStyle: 'solid', borderColor: 'gray.200', borderRadius: 'md', p: '3', bg: 'white' },
    legend: { fontSize: 'sm', fontWeight: 'semibold', px: '1' },
    row: { display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' },
    // the Remove button of a condition: at the row's bottom, its own width
    rowEnd: { alignSelf: 'flex-end', flex: '0 0 auto !important', minWidth: 'auto !important' },
    checks: {
      display: 'flex',
      gap: '1',
      columnGap: '4',
      flexWrap: 'wrap',
      fontSize: 'sm',
      '& label': { display: 'inline-flex', alignItems: 'center', gap: '1.5' },
    },
    checksLegend: { fontSize: 'sm', fontWeight: 'medium', mb: '1.5', p: '0' },
  },
})();

export const { grid, legend, row, rowEnd, checksLegend } = editor;
export const fieldset = cx(editor.bare, editor.fieldset);
export const checks = cx(editor.bare, editor.checks);
/** A group's header (its legend, its match and its buttons) and the window's presets: a row. */
export const groupHeader = editor.row;
export const presets = editor.row;
/** What pushes a group's buttons to the end of its header. */
export const grow = listPage().spacer;
/** A line that explains, under a section's title or in place of a field. */
export const note = d.hint;
/** A variable: a card of its own. */
export const group = cx(card({ padding: 'md' }), editor.stack);
/** A group of conditions, or a variable's filters: dashed on grey, inside what holds it. */
export const conditionGroup = cx(editor.stack, editor.dashed);
/** One condition: a row of fields on white, ruled lightly. */
export const leaf = cx(editor.leaf, editor.thin);
