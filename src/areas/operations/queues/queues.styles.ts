import { css } from '../../../../styled-system/css';
import { focusRing, scrollBox, linkButton as linkButtonRecipe } from '../../../ui/recipes';
import { dataTable } from '../../../ui/table.recipes';

export const page = css({ p: '6', display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '88rem', width: '100%' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const title = css({ fontSize: '2xl', fontWeight: 'semibold' });
export const count = css({ color: 'muted', fontSize: 'sm' });
export const spacer = css({ flex: '1' });
export const tableWrap = css({ layerStyle: 'surface', borderRadius: 'lg', overflowX: 'auto' });
// the shared table, roomier; a row lights up only when it opens the queue's alerts
const queues = dataTable.raw({ density: 'lg', hover: false });
export const table = css(queues.table);
export const th = css(queues.th, { py: '2.5' });
export const end = css(queues.end);
export const tr = css(queues.tr, { '&[aria-current=true]': { bg: '#eef4ff', boxShadow: 'inset 3px 0 0 token(colors.brand)' } });
export const clickable = css({ cursor: 'pointer', _hover: { bg: 'gray.50' } });
export const td = css(queues.td);
export const queueCell = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '12rem' });
export const queueLink = css({
  color: 'ink',
  fontWeight: 'semibold',
  textDecoration: 'none',
  _hover: { color: 'brand', textDecoration: 'underline' },
  _focusVisible: focusRing,
});
export const queueName = css({ fontWeight: 'semibold' });
export const description = css({ color: 'muted', fontSize: 'xs', lineHeight: '1.4', maxWidth: '40ch' });
export const access = css({
  display: 'inline-flex',
  alignItems: 'center',
  height: '6',
  px: '2',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  borderWidth: '1px',
  borderStyle: 'solid',
  bg: 'gray.50',
  color: 'muted',
  borderColor: 'gray.200',
  '&[data-access=restricted]': { bg: 'orange.50', color: 'warning', borderColor: 'orange.200' },
});
export const memberNote = css({ display: 'block', mt: '1', fontSize: 'xs', color: 'muted' });
export const num = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'medium' });
export const zero = css({ color: 'muted', fontWeight: 'normal' });
export const hiddenCount = css({ color: 'muted', cursor: 'help' });
export const countLink = css({ color: 'brand', fontWeight: 'medium', fontVariantNumeric: 'tabular-nums', _focusVisible: focusRing });
export const members = css({ whiteSpace: 'nowrap' });
export const empty = css({ p: '8', textAlign: 'center', color: 'muted', fontSize: 'sm' });
export const linkButton = linkButtonRecipe({ underline: 'always' });

// The queue dialog.
export const fieldset = css({ border: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0' });
export const radio = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  fontSize: 'sm',
  cursor: 'pointer',
  '& input': { mt: '1', accentColor: 'var(--colors-brand)' },
});
export const radioHint = css({ display: 'block', color: 'muted', fontSize: 'xs' });
export const memberSearch = css({ height: '9' });
export const memberList = scrollBox({ stacked: false });
export const member = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '2',
  alignItems: 'center',
  px: '3',
  py: '1.5',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'gray.50' },
  '& input': { accentColor: 'var(--colors-brand)' },
});
export const memberName = css({ fontWeight: 'medium' });
export const memberEmail = css({ gridColumn: '2', color: 'muted', fontSize: 'xs' });
export const memberEmpty = css({ px: '3', py: '3', color: 'muted', fontSize: 'sm' });
