// The popup panel (section 9: 370 px wide, 80% of the viewport high) stays inside the viewport.

export const POPUP_WIDTH = 370;
export const POPUP_HEIGHT_RATIO = 0.8;
/** How much of the popup must stay on screen while dragging. */
const MARGIN = 8;

export function clampPopup(at: { x: number; y: number }, viewport: { width: number; height: number }): { x: number; y: number } {
  const height = viewport.height * POPUP_HEIGHT_RATIO;
  const maxX = Math.max(MARGIN, viewport.width - POPUP_WIDTH - MARGIN);
  const maxY = Math.max(MARGIN, viewport.height - height - MARGIN);
  return {
    x: Math.min(Math.max(MARGIN, at.x), maxX),
    y: Math.min(Math.max(MARGIN, at.y), maxY),
  };
}
