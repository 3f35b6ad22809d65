export { ChooseColumnsButton } from './ChooseColumnsButton';
export type { ChooseColumnsDialogProps } from './ChooseColumnsDialog';
export { CHOOSE_COLUMNS_BUTTON, CHOOSE_COLUMNS_TITLE, RESET_TO_DEFAULT } from './choose-columns.constants';
export type { ColumnTableId } from '../../api/column-layouts/keys';
export type { ColumnDefinition } from './column-layout.utils';
export { columnKey, useColumnLayout, type ColumnChooser, type ColumnLayoutModel } from './useColumnLayout';
