import { assign, setup } from 'xstate';

/**
 * The transaction document modal (spec part 2, sections 2 and 4): three modes, View Documents,
 * Image Comparison against other documents and Image Comparison against other checks. A comparison
 * shows the document beside the one it is compared with (side-by-side) or on top of it (overlay,
 * with an opacity slider, default 60, 0 to 100). Zoom works in every mode. Back returns from overlay
 * to side-by-side and from a comparison to View Documents; Cancel closes the modal (final state).
 *
 * Pure: the machine holds which document is shown, what it is compared with, the zoom level and the
 * opacity. Which documents and checks exist is the app's business; it sends their ids.
 */

export const DEFAULT_OPACITY = 60;
export const OPACITY_MIN = 0;
export const OPACITY_MAX = 100;
/** Zoom factors, smallest to largest; 1 (fit) is where a modal starts. */
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.5, 2, 3] as const;
const FIT = ZOOM_LEVELS.indexOf(1);

export interface DocumentCompareContext {
  /** the document shown (View Documents) and compared from */
  documentId: number | null;
  /** the document or check image it is compared with; null until one is chosen */
  targetId: number | null;
  /** index into ZOOM_LEVELS */
  zoom: number;
  opacity: number;
}

export type DocumentCompareEvent =
  | { type: 'document.select'; id: number }
  | { type: 'compare.documents' }
  | { type: 'compare.checks' }
  | { type: 'compare.target'; id: number }
  | { type: 'compare.sideBySide' }
  | { type: 'compare.overlay' }
  | { type: 'compare.opacity'; value: number }
  | { type: 'zoom.in' }
  | { type: 'zoom.out' }
  | { type: 'modal.back' }
  | { type: 'modal.cancel' };

export interface DocumentCompareInput {
  documentId?: number | null;
}

const clampOpacity = (value: number) => Math.round(Math.min(OPACITY_MAX, Math.max(OPACITY_MIN, value)));

export const documentCompareMachine = setup({
  types: {
    context: {} as DocumentCompareContext,
    events: {} as DocumentCompareEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- XState infers the machine's input type from this assertion
    input: {} as DocumentCompareInput,
  },
  actions: {
    selectDocument: assign({ documentId: (_, params: { id: number }) => params.id }),
    selectTarget: assign({ targetId: (_, params: { id: number }) => params.id }),
    // a new comparison starts without a counterpart and at the default opacity
    startComparison: assign({ targetId: null, opacity: DEFAULT_OPACITY }),
    setOpacity: assign({ opacity: (_, params: { value: number }) => clampOpacity(params.value) }),
    zoomIn: assign({ zoom: ({ context }) => context.zoom + 1 }),
    zoomOut: assign({ zoom: ({ context }) => context.zoom - 1 }),
  },
  guards: {
    canZoomIn: ({ context }) => context.zoom < ZOOM_LEVELS.length - 1,
    canZoomOut: ({ context }) => context.zoom > 0,
    // the document compared with is never the one compared from
    isOtherDocument: ({ context }, params: { id: number }) => params.id !== context.documentId,
  },
}).createMachine({
  id: 'documentCompare',
  context: ({ input }) => ({ documentId: input.documentId ?? null, targetId: null, zoom: FIT, opacity: DEFAULT_OPACITY }),
  initial: 'open',
  states: {
    // every mode lives in `open`, so a closed modal takes no more events (zoom included)
    open: {
      initial: 'view',
      on: {
        'zoom.in': { guard: 'canZoomIn', actions: 'zoomIn' },
        'zoom.out': { guard: 'canZoomOut', actions: 'zoomOut' },
        'modal.cancel': '#documentCompare.closed',
      },
      states: {
        view: {
          on: {
            'document.select': { actions: { type: 'selectDocument', params: ({ event }) => ({ id: event.id }) } },
            'compare.documents': { target: 'compareDocuments', actions: 'startComparison' },
            'compare.checks': { target: 'compareChecks', actions: 'startComparison' },
          },
        },
        compareDocuments: {
          initial: 'sideBySide',
          on: {
            'compare.checks': { target: 'compareChecks', actions: 'startComparison' },
            'compare.target': {
              guard: { type: 'isOtherDocument', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'selectTarget', params: ({ event }) => ({ id: event.id }) },
            },
            'compare.sideBySide': '.sideBySide',
            'compare.overlay': '.overlay',
            'modal.back': '#documentCompare.open.view',
          },
          states: {
            sideBySide: {},
            overlay: {
              on: {
                'compare.opacity': { actions: { type: 'setOpacity', params: ({ event }) => ({ value: event.value }) } },
                // from overlay, Back returns to side-by-side (not to View Documents)
                'modal.back': 'sideBySide',
              },
            },
          },
        },
        compareChecks: {
          initial: 'sideBySide',
          on: {
            'compare.documents': { target: 'compareDocuments', actions: 'startComparison' },
            'compare.target': {
              guard: { type: 'isOtherDocument', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'selectTarget', params: ({ event }) => ({ id: event.id }) },
            },
            'compare.sideBySide': '.sideBySide',
            'compare.overlay': '.overlay',
            'modal.back': '#documentCompare.open.view',
          },
          states: {
            sideBySide: {},
            overlay: {
              on: {
                'compare.opacity': { actions: { type: 'setOpacity', params: ({ event }) => ({ value: event.value }) } },
                // from overlay, Back returns to side-by-side (not to View Documents)
                'modal.back': 'sideBySide',
              },
            },
          },
        },
      },
    },
    closed: { type: 'final' },
  },
});
