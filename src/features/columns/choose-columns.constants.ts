// The Choose Columns modal's texts and the drag constants of spec part 2 section 9 ("Drag
// interaction: starts after 5 px mouse movement or a 120 ms touch long-press; drag z-index 5000;
// drop animation z-index 4500").

export const CHOOSE_COLUMNS_TITLE = 'Choose Columns';
export const CHOOSE_COLUMNS_BUTTON = 'Choose columns';
export const RESET_TO_DEFAULT = 'Reset to Default';

/** A mouse drag starts only after the pointer moved this far, so a click on the handle stays a click. */
export const MOUSE_DRAG_DISTANCE_PX = 5;
/** A touch drag starts after a press this long, so a swipe still scrolls the list. */
export const TOUCH_DRAG_DELAY_MS = 120;
/** How far a finger may wander during the press before it counts as scrolling. */
export const TOUCH_DRAG_TOLERANCE_PX = 5;
export const DRAG_Z_INDEX = 5000;
export const DROP_ANIMATION_Z_INDEX = 4500;
export const DROP_ANIMATION_MS = 200;

/** Shown (politely) when a save or reset fails; the arrangement stays as it was. */
export const NOT_SAVED_TEXT = 'Your columns were not saved. Try again.';
export const NONE_VISIBLE_TEXT = 'Show at least one column.';
export const FILTERED_HINT = 'Clear the search to reorder columns.';
export const NO_MATCH_TEXT = 'No columns match your search.';
