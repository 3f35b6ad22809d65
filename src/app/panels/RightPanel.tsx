import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { css, cx } from '../../../styled-system/css';
import { Icon } from '../../ui/icons';
import { LoadingState } from '../../ui/LoadingState';
import { iconButton } from '../../ui/recipes';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { usePanel, type PanelPoint } from './panel-context';
import { formatPanelParam } from './panel-url';
import { PANEL_VIEWS } from './registry';
import { clampPopup, POPUP_HEIGHT_RATIO, POPUP_WIDTH } from './popup-geometry';

const base = css({
  position: 'fixed',
  zIndex: 40,
  bg: 'white',
  display: 'flex',
  flexDirection: 'column',
  boxShadow: 'xl',
  outline: 'none',
});
const slideIn = css({
  // Below the 72 px top bar (a size token, which \`top\` does not read).
  top: '72px',
  right: '0',
  bottom: '0',
  borderLeftWidth: '1px',
  borderLeftStyle: 'solid',
  borderLeftColor: 'line',
  transform: 'translateX(0)',
  transition: 'transform 200ms ease',
  _starting: { transform: 'translateX(100%)' },
});
const narrow = css({ width: 'panel' });
const wide = css({ width: 'panelWide' });
const popupBox = css({ layerStyle: 'bordered', borderRadius: 'lg', overflow: 'hidden' });
const header = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '4',
  py: '3',
  layerStyle: 'ruleBelow',
});
const dragHeader = css({ cursor: 'grab', userSelect: 'none', touchAction: 'none', bg: 'gray.50' });
const title = css({ flex: '1', fontSize: 'md', fontWeight: 'semibold', color: 'ink', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const body = css({ flex: '1', overflow: 'auto', p: '4' });
const grip = css({ color: 'muted', cursor: 'grab' });

/** Esc closes the panel unless it was meant for a field or another open layer (menu, popover). */
function escapeIsForSomethingElse(event: KeyboardEvent): boolean {
  if (event.defaultPrevented) return true;
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return Boolean(target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'));
}

export function RightPanel() {
  const { current, close } = usePanel();
  const box = useRef<HTMLElement>(null);
  const key = current ? formatPanelParam(current) : null;

  useEffect(() => {
    if (!key) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !escapeIsForSomethingElse(event)) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [key, close]);

  // Focus moves into the panel when it opens and back where it was when it closes.
  useEffect(() => {
    if (!key) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus({ preventScroll: true });
    return () => {
      if (before && before.isConnected && before !== document.body) before.focus({ preventScroll: true });
    };
  }, [key]);

  if (!current) return null;
  const def = PANEL_VIEWS[current.view];
  const label = current.id && !('idInTitle' in def && def.idInTitle === false) ? `${def.label} ${current.id}` : def.label;
  const View = def.component;
  const content = (
    <div className={body}>
      <ErrorBoundary resetKey={key ?? ''}>
        <Suspense fallback={<LoadingState label={`Loading ${def.label.toLowerCase()}`} />}>
          <View view={current.view} id={current.id} label={def.label} close={close} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
  const closeButton = (
    <button type="button" className={iconButton()} aria-label="Close panel" onClick={close}>
      <Icon name="close" size={18} />
    </button>
  );

  if (current.at) {
    return (
      <PopupPanel key={key} at={current.at} label={label} boxRef={box} closeButton={closeButton}>
        {content}
      </PopupPanel>
    );
  }
  return (
    <aside
      ref={box}
      tabIndex={-1}
      aria-label={`${label} panel`}
      data-panel={current.view}
      className={cx(base, slideIn, 'wide' in def && def.wide ? wide : narrow)}
    >
      <div className={header}>
        <h2 className={title}>{label}</h2>
        {closeButton}
      </div>
      {content}
    </aside>
  );
}

const KEY_STEP = 24;

function PopupPanel({
  at,
  label,
  boxRef,
  closeButton,
  children,
}: {
  at: PanelPoint;
  label: string;
  boxRef: RefObject<HTMLElement | null>;
  closeButton: ReactNode;
  children: ReactNode;
}) {
  const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [pos, setPos] = useState(() => clampPopup(at, viewport()));
  const drag = useRef<{ dx: number; dy: number; pointerId: number } | null>(null);

  useEffect(() => {
    const onResize = () => setPos((p) => clampPopup(p, viewport()));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button:not([data-drag-handle])')) return;
    drag.current = { dx: event.clientX - pos.x, dy: event.clientY - pos.y, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    setPos(clampPopup({ x: event.clientX - d.dx, y: event.clientY - d.dy }, viewport()));
  };
  const onPointerUp = useCallback(() => {
    drag.current = null;
  }, []);
  const onHandleKey = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, -KEY_STEP], ArrowDown: [0, KEY_STEP] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setPos((p) => clampPopup({ x: p.x + move[0], y: p.y + move[1] }, viewport()));
  };

  return (
    <aside
      ref={boxRef}
      tabIndex={-1}
      aria-label={`${label} panel`}
      data-panel-popup=""
      className={cx(base, popupBox)}
      style={{ left: pos.x, top: pos.y, width: POPUP_WIDTH, height: `${POPUP_HEIGHT_RATIO * 100}vh` }}
    >
      <div
        className={cx(header, dragHeader)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <button type="button" data-drag-handle="" className={cx(iconButton(), grip)} aria-label="Move panel (arrow keys)" onKeyDown={onHandleKey}>
          <Icon name="grip" size={16} />
        </button>
        <h2 className={title}>{label}</h2>
        {closeButton}
      </div>
      {children}
    </aside>
  );
}
