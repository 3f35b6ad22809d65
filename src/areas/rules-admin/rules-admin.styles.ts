// The rules admin dashboard's own looks (the list's and the panel's column come from src/ui): a
// count of errors that asks for attention, and the title of the panel.
import { css } from '../../../styled-system/css';

export const warn = css({ color: 'danger', fontWeight: 'semibold' });
export const panelTitle = css({ fontSize: 'md', fontWeight: 'semibold', wordBreak: 'break-word' });
