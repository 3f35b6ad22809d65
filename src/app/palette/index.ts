export { PaletteProvider } from './PaletteProvider';
export { usePalette, useRegisterCommands } from './palette-context';
export type { PaletteCommand } from './registry';
export { rememberRecent, type RecentObject } from './recent';
