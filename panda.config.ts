import { defineConfig } from '@pandacss/dev';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  theme: {
    extend: {
      // Looks many components share, named once: the hairline border (fields, lists), the white surface
      // with that border (cards, sections, table frames, menus) and the hairline under a header or a
      // row, or above a footer.
      layerStyles: {
        bordered: { value: { borderWidth: '1px', borderStyle: 'solid', borderColor: 'line' } },
        surface: { value: { background: 'white', borderWidth: '1px', borderStyle: 'solid', borderColor: 'line' } },
        ruleBelow: { value: { borderBottomWidth: '1px', borderBottomStyle: 'solid', borderBottomColor: 'line' } },
        ruleAbove: { value: { borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'line' } },
      },
      // The small capitals of table headers, group headings and section captions.
      textStyles: {
        caption: { value: { fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', letterSpacing: 'wide' } },
      },
      tokens: {
        colors: {
          ink: { value: '#1a1d23' },
          muted: { value: '#475467' },
          line: { value: '#d0d5dd' },
          canvas: { value: '#f7f8fa' },
          brand: { value: '#1849a9' },
          danger: { value: '#b42318' },
          success: { value: '#067647' },
          warning: { value: '#b54708' },
        },
        sizes: {
          navWide: { value: '180px' },
          navNarrow: { value: '60px' },
          topBar: { value: '72px' },
          panel: { value: '370px' },
          panelWide: { value: '500px' },
        },
      },
    },
  },
});
