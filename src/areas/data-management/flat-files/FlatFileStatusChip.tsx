// The status chip of a flat file (spec part 2, section 4), read from the file's machine.
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { flatFileChip, flatFileMachine, phaseOfValue, type FlatFileChip } from '../../../../machines/flatFile.machine';
import { factsOf } from './flat-file.adapters';
import type { FlatFile } from '../../../api/flat-files/queries';
import { flatFileKeys } from '../../../api/flat-files/keys';
import { badge } from '../../../features/work/work.styles';

export function StatusChip({ chip }: { chip: FlatFileChip }) {
  return (
    <span className={badge({ tone: chip.tone, ghost: chip.ghost })} data-tone={chip.tone} data-ghost={chip.ghost || undefined}>
      {chip.text}
    </span>
  );
}

/**
 * A file's machine, fed with every fresh read of the file. While the file is queued or processing
 * the machine asks for a fresh read every 2 s; the list is read again then (cancelRefetch false:
 * rows asking at the same moment share one request).
 */
export function useFlatFileChip(file: FlatFile): FlatFileChip {
  const client = useQueryClient();
  const machine = useMemo(
    () =>
      flatFileMachine.provide({
        actions: {
          refresh: () => {
            void client.refetchQueries({ queryKey: flatFileKeys.lists(), type: 'active' }, { cancelRefetch: false });
            void client.refetchQueries({ queryKey: flatFileKeys.detail(file.id), type: 'active' }, { cancelRefetch: false });
          },
        },
      }),
    [client, file.id],
  );
  const facts = factsOf(file);
  const actor = useActorRef(machine, { input: { fileId: file.id, ...facts } });
  const { status, isDryRun, successCount, failureCount, totalCount } = facts;
  useEffect(() => {
    actor.send({ type: 'file.sync', facts: { status, isDryRun, successCount, failureCount, totalCount } });
  }, [actor, status, isDryRun, successCount, failureCount, totalCount]);
  return useSelector(actor, (snapshot) => flatFileChip(phaseOfValue(snapshot.value), snapshot.context), sameChip);
}

const sameChip = (a: FlatFileChip, b: FlatFileChip) => a.text === b.text && a.tone === b.tone && a.ghost === b.ghost;

/** The chip of a file, live while it runs. */
export function FlatFileStatusChip({ file }: { file: FlatFile }) {
  return <StatusChip chip={useFlatFileChip(file)} />;
}
