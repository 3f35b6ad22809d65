import { describe, expect, it } from 'vitest';
import { HIDDEN_SEQUENCE, INITIAL_SHORTCUT_STATE, isPaletteChord, nextShortcut, type KeyInput, type ShortcutAction } from '../../src/lib/shortcuts';

/** Feeds keys in order and returns every action taken. */
function press(keys: Array<string | Partial<KeyInput>>, start = 0): ShortcutAction[] {
  let state = INITIAL_SHORTCUT_STATE;
  let at = start;
  const actions: ShortcutAction[] = [];
  for (const k of keys) {
    const input: KeyInput = typeof k === 'string' ? { key: k, at: (at += 100) } : { key: '', at: (at += 100), ...k };
    const step = nextShortcut(state, input);
    state = step.state;
    if (step.action) actions.push(step.action);
  }
  return actions;
}

const goPaths = (actions: ShortcutAction[]) => actions.map((a) => (a?.type === 'go' ? a.shortcut.path : a?.type));

describe('shortcut sequences', () => {
  it('maps g + letter to its area', () => {
    expect(goPaths(press(['g', 'a']))).toEqual(['/alerts']);
    expect(goPaths(press(['g', 'c']))).toEqual(['/cases']);
    expect(goPaths(press(['g', 'd']))).toEqual(['/data-explorer']);
    expect(goPaths(press(['g', 'n']))).toEqual(['/notifications']);
    expect(goPaths(press(['g', 'r']))).toEqual(['/risk-ratings']);
    expect(goPaths(press(['g', 'h']))).toEqual(['/']);
    expect(goPaths(press(['G', 'C']))).toEqual(['/cases']);
  });

  it('needs the second key within one second', () => {
    expect(
      press([
        { key: 'g', at: 0 },
        { key: 'c', at: 1000 },
      ]),
    ).toHaveLength(1);
    expect(
      press([
        { key: 'g', at: 0 },
        { key: 'c', at: 1001 },
      ]),
    ).toEqual([]);
  });

  it('ignores keys typed into fields and chords with modifiers', () => {
    expect(
      press([
        { key: 'g', typing: true },
        { key: 'c', typing: true },
      ]),
    ).toEqual([]);
    expect(press([{ key: 'g' }, { key: 'c', typing: true }])).toEqual([]);
    expect(press([{ key: 'g', modified: true }, { key: 'c' }])).toEqual([]);
  });

  it('a letter alone or another key in between does nothing', () => {
    expect(press(['c', 'a', 'x'])).toEqual([]);
    expect(press(['g', 'x', 'c'])).toEqual([]);
  });

  it('? opens the shortcut sheet', () => {
    expect(goPaths(press(['?']))).toEqual(['sheet']);
  });

  it('recognises the hidden sequence, also after a stray key', () => {
    expect(goPaths(press([...HIDDEN_SEQUENCE]))).toEqual(['hidden']);
    expect(goPaths(press(['ArrowUp', ...HIDDEN_SEQUENCE]))).toEqual(['hidden']);
    expect(goPaths(press(['x', ...HIDDEN_SEQUENCE.slice(0, 5), 'x', ...HIDDEN_SEQUENCE]))).toEqual(['hidden']);
    expect(press([...HIDDEN_SEQUENCE.slice(0, 9), 'c'])).toEqual([]);
  });

  it('Ctrl+K and Cmd+K open the palette, Ctrl+Shift+K does not', () => {
    const base = { key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isPaletteChord({ ...base, ctrlKey: true })).toBe(true);
    expect(isPaletteChord({ ...base, metaKey: true })).toBe(true);
    expect(isPaletteChord({ ...base, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isPaletteChord(base)).toBe(false);
  });
});
