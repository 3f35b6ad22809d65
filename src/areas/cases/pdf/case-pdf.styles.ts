import { css } from '../../../../styled-system/css';

export const page = css({ height: 'calc(100vh - 72px)', display: 'flex', flexDirection: 'column', gap: '4', p: '6', minWidth: '0' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
/** The breadcrumb takes a row of its own above the title. */
export const crumbs = css({ width: '100%' });
export const title = css({ fontSize: '2xl', fontWeight: 'semibold' });
export const spacer = css({ flex: '1' });
export const frame = css({
  flex: '1',
  width: '100%',
  minHeight: '0',
  layerStyle: 'surface',
  borderRadius: 'lg',
});
