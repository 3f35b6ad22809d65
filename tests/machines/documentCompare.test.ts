import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { DEFAULT_OPACITY, documentCompareMachine, ZOOM_LEVELS, type DocumentCompareEvent } from '../../machines/documentCompare.machine';

// The transaction document modal's machine, walked as a model: every shortest path through every
// event is replayed on a real actor, and at every state the actor must agree with the model and
// keep the modal's rules (opacity within 0-100, zoom within its levels, never compared with itself).

type Snapshot = SnapshotFrom<typeof documentCompareMachine>;
const SHOWN = 1;

const EVENTS: DocumentCompareEvent[] = [
  { type: 'document.select', id: 2 },
  { type: 'compare.documents' },
  { type: 'compare.checks' },
  { type: 'compare.target', id: 3 },
  // the shown document itself is refused as its own counterpart
  { type: 'compare.target', id: SHOWN },
  { type: 'compare.sideBySide' },
  { type: 'compare.overlay' },
  { type: 'compare.opacity', value: 30 },
  { type: 'compare.opacity', value: 250 },
  { type: 'zoom.in' },
  { type: 'zoom.out' },
  { type: 'modal.back' },
  { type: 'modal.cancel' },
];

const model = createTestModel(documentCompareMachine, {
  input: { documentId: SHOWN },
  events: EVENTS,
  // zoom levels in between behave alike; the model keeps fit, the largest and the smallest
  filterEvents: (snapshot, event) =>
    !(
      (event.type === 'zoom.in' && snapshot.context.zoom >= ZOOM_LEVELS.indexOf(1) + 1) ||
      (event.type === 'zoom.out' && snapshot.context.zoom <= ZOOM_LEVELS.indexOf(1) - 1)
    ),
});

function check(actual: Snapshot, expected: Snapshot) {
  expect(actual.value).toEqual(expected.value);
  expect(actual.context).toEqual(expected.context);
  const { context } = actual;
  expect(context.opacity).toBeGreaterThanOrEqual(0);
  expect(context.opacity).toBeLessThanOrEqual(100);
  expect(ZOOM_LEVELS[context.zoom]).toBeDefined();
  expect(context.targetId).not.toBe(context.documentId);
  if (actual.matches({ open: 'view' })) {
    // no comparison controls in View Documents
    expect(actual.can({ type: 'compare.overlay' })).toBe(false);
    expect(actual.can({ type: 'modal.back' })).toBe(false);
  }
  if (actual.matches({ open: { compareDocuments: 'overlay' } }) || actual.matches({ open: { compareChecks: 'overlay' } })) {
    expect(actual.can({ type: 'compare.opacity', value: 10 })).toBe(true);
  } else {
    expect(actual.can({ type: 'compare.opacity', value: 10 })).toBe(false);
  }
  if (actual.matches('closed')) expect(actual.status).toBe('done');
}

describe('document compare machine: model paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every state node through every event', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.state._nodes.map((node) => node.id))));
    const all = getStateNodes(documentCompareMachine.root).map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
    const replayed = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect(EVENTS.map((e) => e.type).filter((type) => !replayed.has(type))).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(documentCompareMachine, { input: { documentId: SHOWN } }).start();
      await path.test({
        states: { '*': (expected) => check(actor.getSnapshot(), expected) },
        events: Object.fromEntries(EVENTS.map((e) => [e.type, (step: { event: DocumentCompareEvent }) => actor.send(step.event)])),
      });
    });
  }
});

describe('document compare machine: the modal rules', () => {
  const start = () => createActor(documentCompareMachine, { input: { documentId: SHOWN } }).start();

  it('opens in View Documents at fit zoom with the default opacity of 60', () => {
    const { value, context } = start().getSnapshot();
    expect(value).toEqual({ open: 'view' });
    expect(context).toEqual({ documentId: SHOWN, targetId: null, zoom: ZOOM_LEVELS.indexOf(1), opacity: DEFAULT_OPACITY });
    expect(DEFAULT_OPACITY).toBe(60);
  });

  it('Back goes from overlay to side-by-side, then to View Documents', () => {
    const actor = start();
    actor.send({ type: 'compare.checks' });
    actor.send({ type: 'compare.overlay' });
    expect(actor.getSnapshot().value).toEqual({ open: { compareChecks: 'overlay' } });
    actor.send({ type: 'modal.back' });
    expect(actor.getSnapshot().value).toEqual({ open: { compareChecks: 'sideBySide' } });
    actor.send({ type: 'modal.back' });
    expect(actor.getSnapshot().value).toEqual({ open: 'view' });
  });

  it('clamps and rounds the opacity, and a new comparison starts again at 60 with no counterpart', () => {
    const actor = start();
    actor.send({ type: 'compare.documents' });
    actor.send({ type: 'compare.target', id: 7 });
    actor.send({ type: 'compare.overlay' });
    actor.send({ type: 'compare.opacity', value: -5 });
    expect(actor.getSnapshot().context.opacity).toBe(0);
    actor.send({ type: 'compare.opacity', value: 29.6 });
    expect(actor.getSnapshot().context.opacity).toBe(30);
    actor.send({ type: 'compare.checks' });
    expect(actor.getSnapshot().context).toMatchObject({ opacity: 60, targetId: null });
  });

  it('zooms between the smallest and the largest level and keeps the zoom across modes', () => {
    const actor = start();
    for (let k = 0; k < 10; k++) actor.send({ type: 'zoom.in' });
    expect(ZOOM_LEVELS[actor.getSnapshot().context.zoom]).toBe(3);
    actor.send({ type: 'compare.documents' });
    expect(ZOOM_LEVELS[actor.getSnapshot().context.zoom]).toBe(3);
    for (let k = 0; k < 10; k++) actor.send({ type: 'zoom.out' });
    expect(ZOOM_LEVELS[actor.getSnapshot().context.zoom]).toBe(0.5);
  });

  it('Cancel closes from any mode', () => {
    for (const open of [[], [{ type: 'compare.documents' }], [{ type: 'compare.checks' }, { type: 'compare.overlay' }]] as DocumentCompareEvent[][]) {
      const actor = start();
      for (const event of open) actor.send(event);
      actor.send({ type: 'modal.cancel' });
      expect(actor.getSnapshot().status).toBe('done');
    }
  });
});
