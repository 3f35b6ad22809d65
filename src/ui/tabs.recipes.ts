// Tabs on a rule, the chosen one underlined in the brand colour: the permission auditor's tab buttons,
// the AI admin area's tab links.
import { sva } from '../../styled-system/css';
import { focusRing } from './recipes';

export const underlineTabs = sva({
  slots: ['list', 'tab'],
  base: {
    list: { display: 'flex', gap: '1', layerStyle: 'ruleBelow' },
    tab: {
      px: '3',
      py: '2',
      fontSize: 'sm',
      color: 'muted',
      textDecoration: 'none',
      bg: 'transparent',
      border: 'none',
      borderBottomWidth: '2px',
      borderBottomStyle: 'solid',
      borderBottomColor: 'transparent',
      cursor: 'pointer',
    },
  },
  variants: {
    kind: {
      // buttons of role tab (Ark's Tabs), the chosen one data-selected
      buttons: {
        list: { mb: '3' },
        tab: {
          fontWeight: 'medium',
          '&[data-selected]': { color: 'brand', borderBottomColor: 'brand' },
          _focusVisible: { ...focusRing, outlineOffset: '-2px' },
        },
      },
      // links to the area's routes, the current one aria-current
      links: {
        list: { mt: '4' },
        tab: {
          mb: '-1px',
          _hover: { color: 'ink' },
          _focusVisible: focusRing,
          '&[aria-current=page]': { color: 'brand', borderBottomColor: 'brand', fontWeight: 'semibold' },
        },
      },
    },
  },
});
