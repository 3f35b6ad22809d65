// The impersonation machine with the console's calls and reset (machines/impersonation.machine.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromCallback } from 'xstate';
import { impersonationMachine, type ImpersonationEvent, type ImpersonationStartRequest } from '../../../machines/impersonation.machine';
import { cancelImpersonation, startImpersonation } from '../../api/session/mutations';

/** A call's answer becomes the machine's event; an answer after the actor stopped is dropped. */
function call<I>(run: (input: I) => Promise<ImpersonationEvent>, failed: ImpersonationEvent) {
  return fromCallback<ImpersonationEvent, I>(({ input, sendBack }) => {
    let live = true;
    run(input).then(
      (event) => live && sendBack(event),
      () => live && sendBack(failed),
    );
    return () => void (live = false);
  });
}

export function useImpersonationActor(impersonationLogId: number | null) {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      impersonationMachine.provide({
        actors: {
          startImpersonation: call<ImpersonationStartRequest>(
            (body) => startImpersonation(body).then((impersonationLogId) => ({ type: 'start.succeeded', impersonationLogId })),
            { type: 'start.failed' },
          ),
          cancelImpersonation: call<{ impersonationLogId: number }>(
            ({ impersonationLogId: id }) => cancelImpersonation(id).then(() => ({ type: 'cancel.succeeded' })),
            { type: 'cancel.failed' },
          ),
        },
        actions: {
          // The server has replaced the refresh cookie with the new session's. Nothing cached for
          // the previous agent may show: drop the cache and load the console afresh at home,
          // where the new session is restored from that cookie.
          resetApp: () => {
            queryClient.clear();
            window.location.assign('/');
          },
        },
      }),
    [queryClient],
  );
  return useActorRef(machine, { input: { impersonationLogId } });
}
