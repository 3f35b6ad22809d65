// The new-design toggle of the developer tools: a per-browser preference (local storage) that
// switches the console to the alternative token set of new-design.css. Imported once at start-up
// (src/main.tsx) so the stored choice applies before the first paint.
import { readStorage, writeStorage } from '../../lib/storage';
import './new-design.css';

export const NEW_DESIGN_KEY = 'vigil.newDesign';

export function isNewDesign(): boolean {
  return readStorage('local', NEW_DESIGN_KEY) === 'on';
}

function apply(on: boolean) {
  if (typeof document === 'undefined') return;
  if (on) document.documentElement.dataset.design = 'new';
  else delete document.documentElement.dataset.design;
}

export function setNewDesign(on: boolean): void {
  writeStorage('local', NEW_DESIGN_KEY, on ? 'on' : null);
  apply(on);
}

apply(isNewDesign());
