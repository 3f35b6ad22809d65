// A list toolbar's "Choose columns" button, its palette command, and the Choose Columns modal for
// the list's column layout (from useColumnLayout).
import { useRegisterCommands } from '../../app/palette';
import { button } from '../recipes';
import { CHOOSE_COLUMNS_BUTTON } from './choose-columns.constants';
import { ChooseColumnsDialog } from './ChooseColumnsDialog';
import type { ColumnChooser } from './useColumnLayout';

export interface ChooseColumnsButtonProps {
  layout: ColumnChooser;
  /** The palette heading the command is listed under ("Alerts"). */
  commandGroup: string;
  /** Names the list in the palette when a page has more than one ("transaction": "Choose transaction columns"). */
  listName?: string;
}

export function ChooseColumnsButton({ layout, commandGroup, listName }: ChooseColumnsButtonProps) {
  const { ready, open, setOpen } = layout;
  useRegisterCommands(
    `${layout.tableId}.columns`,
    ready
      ? [
          {
            id: `${layout.tableId}.columns.choose`,
            title: listName ? `Choose ${listName} columns` : CHOOSE_COLUMNS_BUTTON,
            group: commandGroup,
            keywords: ['columns', 'layout', 'reorder', 'hide', 'show', 'table'],
            run: () => setOpen(true),
          },
        ]
      : [],
    [ready, commandGroup, listName],
  );
  return (
    <>
      <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => setOpen(true)} disabled={!ready} aria-haspopup="dialog">
        {CHOOSE_COLUMNS_BUTTON}
      </button>
      <ChooseColumnsDialog open={open} onOpenChange={setOpen} columns={layout.arranged} onSave={layout.save} onReset={layout.reset} />
    </>
  );
}
