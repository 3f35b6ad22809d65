// User management, the agent profile and the team page.
import { css } from '../../../styled-system/css';
import { avatar as avatarRecipe, bareList, card as cardRecipe, scrollBox, searchInput } from '../../ui/recipes';
import { ruledTable } from '../../ui/table.recipes';
import { factGrid } from '../../ui/detail.recipes';

export const page = css({ display: 'flex', flexDirection: 'column', gap: '4', px: '5', pt: '4', pb: '6', minWidth: '0', maxWidth: '80rem' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold', lineHeight: '1.2' });
export const subtitle = css({ color: 'muted', fontSize: 'sm' });
export const spacer = css({ flex: '1' });
export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const search = searchInput();
export const count = css({ color: 'muted', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' });
export const tableCard = css({ overflow: 'auto', layerStyle: 'surface', borderRadius: 'md' });
export const table = ruledTable({ head: 'shaded', valign: 'middle' });
export const nameCell = css({ display: 'flex', alignItems: 'center', gap: '2' });
// the agent's photo or initials, in the people lists' weight
const face = { fontWeight: 'semibold', objectFit: 'cover' } as const;
export const avatar = css(avatarRecipe.raw({ size: 'md' }), face);
export const bigAvatar = css(avatarRecipe.raw({ size: 'lg' }), face);
export const muted = css({ color: 'muted' });
export const stateBox = css({ p: '6', color: 'muted', fontSize: 'sm', textAlign: 'center' });
export const card = css(cardRecipe.raw({ padding: 'md', gap: 'md' }), { borderRadius: 'md' });
export const details = factGrid({ density: 'page' });
export const list = css(bareList, { display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' });
export const switchRow = css({ display: 'flex', alignItems: 'flex-start', gap: '3', fontSize: 'sm', cursor: 'pointer', '& input': { mt: '1' } });
export const checkList = scrollBox();
export const checkRow = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' });
export const fieldset = css({ border: 'none', p: '0', m: '0', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '1.5' });
export const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold' });
