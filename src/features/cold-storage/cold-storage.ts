// Cold storage on the console side (spec part 2, sections 4 and 9). With the organisation's
// cold_storage flag on, detail reads go through the cached calls (the queries in src/api choose by
// useColdStorageEnabled); a record answering data_loader loading is then waited for by
// machines/coldStorage.machine.ts, which re-reads the record's own query with backoff and, once it
// is back, refetches the lists that show it. The detail queries keep the stale times of part 2
// section 9 (transaction 10 s, alert 1 s, case cached data 1 s, action event 10 s) whichever call
// they make.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { createActor, fromPromise } from 'xstate';
import type { components } from '../../../openapi/schema';
import { coldStorageMachine, loaderStatus, type LoaderStatus } from '../../../machines/coldStorage.machine';

export type DataLoader = components['schemas']['DataLoader'] | null | undefined;

/** What the page shows while a record comes back: nothing (hot), loading, the timeout message, or the message with Try again. */
export type ColdStoragePhase = 'hot' | 'loading' | 'loadingTimeout' | 'stopped';

export interface ColdStorageWait {
  phase: ColdStoragePhase;
  /** the {x} of the message */
  subject: string;
  retry: () => void;
}

export interface ColdStorageWaitOptions {
  /** the record's own query: the machine re-reads it */
  queryKey: QueryKey;
  /** data_loader of the record as last read */
  dataLoader: DataLoader;
  subject: string;
  /** the lists showing the record (or its related objects), refetched once it is back */
  related: readonly QueryKey[];
}

const waiting = (loader: DataLoader) => loader?.status === 'loading' || loader?.status === 'loading_timeout';

/** Runs the cold-storage machine while the record's data_loader says it is on its way. */
export function useColdStorageWait({ queryKey, dataLoader, subject, related }: ColdStorageWaitOptions): ColdStorageWait {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ColdStoragePhase>('hot');
  // the running machine, for retry (read only from the returned callback)
  const actor = useRef<ReturnType<typeof createActor<typeof coldStorageMachine>> | null>(null);
  const keyHash = JSON.stringify(queryKey);
  const cold = waiting(dataLoader);

  // Builds the machine from the latest options; the effect below decides when one runs.
  const startMachine = useEffectEvent(() => {
    const machine = coldStorageMachine.provide({
      actors: {
        fetchRecord: fromPromise<LoaderStatus>(async () => {
          await queryClient.refetchQueries({ queryKey, exact: true });
          const state = queryClient.getQueryState<{ data_loader?: DataLoader }>(queryKey);
          if (!state || state.status === 'error') throw state?.error ?? new Error('the record could not be read');
          return loaderStatus(state.data?.data_loader ?? null);
        }),
      },
      actions: {
        refetchRelated: () => {
          for (const key of related) void queryClient.invalidateQueries({ queryKey: key });
        },
      },
    });
    const running = createActor(machine, { input: { subject } });
    running.subscribe((snapshot) => {
      if (snapshot.status === 'done') setPhase('hot');
      else if (snapshot.matches({ pending: { poll: 'stopped' } })) setPhase('stopped');
      else if (snapshot.matches({ pending: { display: 'loadingTimeout' } })) setPhase('loadingTimeout');
      else setPhase('loading');
    });
    running.start();
    return running;
  });

  // one machine per record and wait: the key and whether it is cold decide
  useEffect(() => {
    if (!cold) return;
    const running = startMachine();
    actor.current = running;
    return () => {
      running.stop();
      actor.current = null;
    };
  }, [keyHash, cold]);

  return { phase: cold ? (phase === 'hot' ? 'loading' : phase) : 'hot', subject, retry: () => actor.current?.send({ type: 'RETRY' }) };
}
