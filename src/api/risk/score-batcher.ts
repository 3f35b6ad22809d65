// Gathers the risk score reads of one moment into few calls (spec part 2, section 7: "Requests are
// batched (up to 100 ids per call after a 100 ms wait)"). The first id starts a 100 ms window; every
// id asked for in the window rides along, each once; when the window ends its ids go out 100 per
// call. A window that fills up goes at once, since waiting cannot make its call any bigger.

/** Spec part 2, sections 7 and 9: the scores call takes up to 100 ids, gathered for 100 ms. */
export const SCORE_BATCH_MAX = 100;
export const SCORE_BATCH_WAIT_MS = 100;

export interface ScoreBatcherOptions<T> {
  /** One call for up to maxBatch ids: the answers keyed by id (ids it does not know left out). */
  fetchMany: (ids: string[]) => Promise<Record<string, T>>;
  maxBatch?: number;
  waitMs?: number;
}

export interface ScoreBatcher<T> {
  /** The answer for one id; null when the call leaves the id out. */
  load: (id: string) => Promise<T | null>;
}

interface Waiter<T> {
  resolve: (value: T | null) => void;
  reject: (reason: unknown) => void;
}

export function createScoreBatcher<T>({ fetchMany, maxBatch = SCORE_BATCH_MAX, waitMs = SCORE_BATCH_WAIT_MS }: ScoreBatcherOptions<T>): ScoreBatcher<T> {
  let pending = new Map<string, Waiter<T>[]>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  function send(ids: string[], waiters: Map<string, Waiter<T>[]>) {
    fetchMany(ids).then(
      (answers) => {
        for (const id of ids) for (const w of waiters.get(id)!) w.resolve(Object.hasOwn(answers, id) ? answers[id] : null);
      },
      (error: unknown) => {
        for (const id of ids) for (const w of waiters.get(id)!) w.reject(error);
      },
    );
  }

  function flush() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const window = pending;
    pending = new Map();
    const ids = [...window.keys()];
    for (let i = 0; i < ids.length; i += maxBatch) send(ids.slice(i, i + maxBatch), window);
  }

  return {
    load(id) {
      return new Promise<T | null>((resolve, reject) => {
        const waiters = pending.get(id);
        if (waiters) waiters.push({ resolve, reject });
        else pending.set(id, [{ resolve, reject }]);
        if (pending.size >= maxBatch) flush();
        else if (timer === null) timer = setTimeout(flush, waitMs);
      });
    },
  };
}
