// A list toolbar's "Choose columns" button, its palette command, and the Choose Columns modal for
// the list's column layout (from useColumnLayout). The modal and its drag-and-drop library are a
// chunk of their own, fetched when the pointer or focus reaches the button (or the command runs),
// so a list does not download them to show its rows (docs/benchmarks.md, Area chunks).
import { Suspense, useState } from 'react';
import { useRegisterCommands } from '../../app/palette';
import { lazyWithReload } from '../../app/errors/lazy-with-reload';
import { button } from '../../ui/recipes';
import { CHOOSE_COLUMNS_BUTTON } from './choose-columns.constants';
import type { ColumnChooser } from './useColumnLayout';

const ChooseColumnsDialog = lazyWithReload(() => import('./ChooseColumnsDialog').then((m) => ({ default: m.ChooseColumnsDialog })));

export interface ChooseColumnsButtonProps {
  layout: ColumnChooser;
  /** The palette heading the command is listed under ("Alerts"). */
  commandGroup: string;
  /** Names the list in the palette when a page has more than one ("transaction": "Choose transaction columns"). */
  listName?: string;
}

export function ChooseColumnsButton({ layout, commandGroup, listName }: ChooseColumnsButtonProps) {
  const { ready, open, setOpen } = layout;
  // mounted from the first opening on, so the modal's closing animation plays
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  useRegisterCommands(
    `${layout.tableId}.columns`,
    ready
      ? [
          {
            id: `${layout.tableId}.columns.choose`,
            title: listName ? `Choose ${listName} columns` : CHOOSE_COLUMNS_BUTTON,
            group: commandGroup,
            keywords: ['columns', 'layout', 'reorder', 'hide', 'show', 'table'],
            run: () => {
              void ChooseColumnsDialog.preload();
              setOpen(true);
            },
          },
        ]
      : [],
    [ready, commandGroup, listName],
  );
  return (
    <>
      <button
        type="button"
        className={button({ variant: 'secondary', size: 'sm' })}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void ChooseColumnsDialog.preload()}
        onFocus={() => void ChooseColumnsDialog.preload()}
        disabled={!ready}
        aria-haspopup="dialog"
      >
        {CHOOSE_COLUMNS_BUTTON}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ChooseColumnsDialog open={open} onOpenChange={setOpen} columns={layout.arranged} onSave={layout.save} onReset={layout.reset} />
        </Suspense>
      )}
    </>
  );
}
