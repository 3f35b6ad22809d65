import type { Page } from '@playwright/test';

/** What ends a timed interaction: an element in the DOM, optionally on a given path under a given main heading. */
export interface ProbeTarget {
  /** The key whose keydown starts the clock ("k", "Enter"); matched case-insensitively. */
  key: string;
  ctrl: boolean;
  selector: string;
  path?: string;
  /** Text of the page's `main h1`, so rows of a previous page never count. */
  heading?: string;
}

/** Page-clock times (performance.now, ms) of one timed interaction. */
export interface ProbeResult {
  /** The keydown event's timeStamp: when the browser received the key press. */
  keydown: number;
  /** When the target was first found in the DOM. */
  inDom: number;
  /** A task after the next animation frame callback: the frame showing the target has been produced. */
  painted: number;
}

// Runs in the page before any of its scripts (addInitScript). It is a string, not a function, because
// tsx compiles bench/ with keepNames, which would put a `__name` helper into a serialised function.
// A capture-phase listener on window runs before the app's own keydown listeners.
const PROBE_SCRIPT = `(() => {
  let armed = null;
  let result = null;
  let waiter = null;
  const ready = (t) =>
    (!t.path || location.pathname === t.path) &&
    (!t.heading || document.querySelector('main h1')?.textContent?.trim() === t.heading) &&
    document.querySelector(t.selector) !== null;
  const finish = (r) => {
    result = r;
    if (waiter) waiter(r);
  };
  addEventListener('keydown', (e) => {
    if (!armed || e.key.toLowerCase() !== armed.key.toLowerCase() || e.ctrlKey !== armed.ctrl) return;
    const target = armed;
    armed = null;
    const now = performance.now();
    // event.timeStamp is on the performance.now clock in Chromium; fall back if it is not.
    const keydown = e.timeStamp > 0 && e.timeStamp <= now ? e.timeStamp : now;
    let inDom = null;
    const observer = new MutationObserver(() => check());
    const check = () => {
      if (inDom !== null || !ready(target)) return;
      inDom = performance.now();
      observer.disconnect();
      // "Painted": the rAF callback runs before the frame is produced; a message posted from it is
      // handled after that frame.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => finish({ keydown, inDom, painted: performance.now() });
        channel.port2.postMessage(null);
      });
    };
    // wouter updates the path (pushState) before React renders the page, so a DOM mutation always
    // follows the path change.
    observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  }, true);
  window.__benchProbe = {
    arm(target) {
      if (ready(target)) throw new Error('probe target is already on the page: ' + target.selector);
      armed = target;
      result = null;
      waiter = null;
    },
    wait(timeoutMs) {
      return new Promise((resolve, reject) => {
        if (result) return resolve(result);
        waiter = resolve;
        setTimeout(() => reject(new Error('probe: target not reached within ' + timeoutMs + ' ms')), timeoutMs);
      });
    },
  };
})();`;

interface ProbeApi {
  arm: (target: ProbeTarget) => void;
  wait: (timeoutMs: number) => Promise<ProbeResult>;
}

declare global {
  interface Window {
    __benchProbe: ProbeApi;
  }
}

export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBE_SCRIPT });
}

/** Starts watching for the target; the clock starts at the next matching keydown. */
export async function armProbe(page: Page, target: ProbeTarget): Promise<void> {
  await page.evaluate((t) => window.__benchProbe.arm(t), target);
}

/** Milliseconds from the keydown to the painted frame. */
export async function probeMs(page: Page, timeoutMs = 15_000): Promise<number> {
  const r = await page.evaluate((ms) => window.__benchProbe.wait(ms), timeoutMs);
  return r.painted - r.keydown;
}
