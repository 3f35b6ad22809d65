import { useCallback, useEffect, useRef, useState } from 'react';

/** Section 9: the navigation collapses under 1500 px; resizes are debounced by 300 ms. */
export const NAV_COLLAPSE_BELOW_PX = 1500;
export const NAV_RESIZE_DEBOUNCE_MS = 300;

const isNarrow = () => window.innerWidth < NAV_COLLAPSE_BELOW_PX;

/**
 * Collapsed follows the viewport when it crosses 1500 px; the toggle overrides it until the next
 * crossing, so a manual choice is not undone by every small resize.
 */
export function useNavCollapse(): { collapsed: boolean; toggle: () => void } {
  const [collapsed, setCollapsed] = useState(isNarrow);
  const narrow = useRef(isNarrow());

  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const now = isNarrow();
        if (now !== narrow.current) {
          narrow.current = now;
          setCollapsed(now);
        }
      }, NAV_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const toggle = useCallback(() => setCollapsed((c) => !c), []);
  return { collapsed, toggle };
}
