import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ToastContext, type ToastApi } from './toast-context';
import { createToastQueue } from './toast-queue';
import { Toaster } from './Toaster';

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue] = useState(() => createToastQueue());
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const api = useMemo<ToastApi>(() => ({ show: queue.show, dismiss: queue.dismiss }), [queue]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster toast={snapshot.current} onDismiss={queue.dismiss} onPause={queue.pause} onResume={queue.resume} />
    </ToastContext.Provider>
  );
}
