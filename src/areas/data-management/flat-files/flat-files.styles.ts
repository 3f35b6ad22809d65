// The flat-file ingestion page, its upload dialog and its status chips.
import { css, cva } from '../../../../styled-system/css';

/** Chip colours of spec part 2, section 4: default, success, warning, error, and error as ghost. */
export const statusChip = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    height: '6',
    px: '2.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    borderWidth: '1px',
    borderStyle: 'solid',
  },
  variants: {
    tone: {
      default: { bg: 'gray.100', color: 'ink', borderColor: 'gray.200' },
      success: { bg: 'green.50', color: 'success', borderColor: 'green.200' },
      warning: { bg: 'orange.50', color: 'warning', borderColor: 'orange.200' },
      error: { bg: 'red.50', color: 'danger', borderColor: 'red.200' },
    },
    // a ghost chip keeps its colour in the text and outline only
    ghost: { true: { bg: 'transparent' }, false: {} },
  },
  defaultVariants: { tone: 'default', ghost: false },
});

export const page = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '6', minWidth: '0' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold' });
export const spacer = css({ flex: '1' });
export const intro = css({ color: 'muted', fontSize: 'sm', maxWidth: '60rem' });
export const tableFrame = css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'line', borderRadius: 'lg', bg: 'white', overflowX: 'auto' });
export const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th': { textAlign: 'left', fontWeight: 'semibold', color: 'muted', fontSize: 'xs', px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'line', whiteSpace: 'nowrap' },
  '& td': { px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'gray.100', verticalAlign: 'middle' },
  '& tr:last-child td': { borderBottomWidth: '0' },
});
export const fileName = css({ fontWeight: 'medium', wordBreak: 'break-all' });
export const muted = css({ color: 'muted' });
export const rowActions = css({ display: 'flex', gap: '1', justifyContent: 'flex-end', flexWrap: 'wrap' });
export const empty = css({ p: '8', textAlign: 'center', color: 'muted' });
export const more = css({ display: 'flex', justifyContent: 'center', p: '3' });

export const progressTrack = css({ height: '2', borderRadius: 'full', bg: 'gray.100', overflow: 'hidden' });
export const progressBar = css({ height: '100%', bg: 'brand', transition: 'width 120ms linear' });
export const progressText = css({ fontSize: 'xs', color: 'muted', display: 'flex', justifyContent: 'space-between' });
export const radios = css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'sm', '& label': { display: 'inline-flex', alignItems: 'center', gap: '1.5' } });
/** the native file picker needs room for its button */
export const fileInput = css({ height: 'auto', py: '2' });
