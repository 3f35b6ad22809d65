import { css } from '../../../../styled-system/css';

export const body = css({ display: 'flex', flexDirection: 'column', gap: '4' });
