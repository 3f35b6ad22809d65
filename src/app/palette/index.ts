export { PaletteProvider } from './PaletteProvider';
export { usePalette, useRegisterCommands } from './palette-context';
export { offeredCommands, type OfferedCommand, type PaletteCommand } from './registry';
export { rememberRecent, type RecentObject } from './recent';
