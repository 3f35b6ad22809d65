/**
 * Timing a page after an in-app navigation: the console navigates with pushState (as a link does)
 * and the clock runs until the page's heading holds the title and the status is shown, both
 * visible, and a frame is painted. Shared by the alert detail and the rule page measurements.
 */

/** The detail pages' budget: usable within 400 ms of the navigation. */
export const DETAIL_BUDGET_MS = 400;

/** How the console may write a status: OPEN, Open, In review... */
export const statusPattern = (status: string) => status.replace(/_/g, '[ _]');

// Runs in the page (a string, see probe.ts): navigates and resolves with the time until usable.
export const NAVIGATE_AND_TIME = `([path, title, status, timeoutMs]) => new Promise((resolve, reject) => {
  const statusRe = new RegExp('^' + status + '$', 'i');
  const visible = (el) => !!el && el.checkVisibility();
  const usable = () => {
    const h1 = document.querySelector('main h1');
    if (!visible(h1) || !h1.textContent.includes(title)) return false;
    // the status as the console writes it (a badge reading "Open", "In review"...), anywhere on the page
    return [...document.querySelectorAll('main *')].some((el) => statusRe.test(el.textContent.trim()) && visible(el));
  };
  const started = performance.now();
  const timer = setTimeout(() => reject(new Error('page not usable within ' + timeoutMs + ' ms')), timeoutMs);
  const poll = () => {
    if (!usable()) return requestAnimationFrame(poll);
    // the frame showing it: a message posted from the next animation frame is handled after it
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { clearTimeout(timer); resolve(performance.now() - started); };
      channel.port2.postMessage(null);
    });
  };
  history.pushState(null, '', path);
  requestAnimationFrame(poll);
})`;
