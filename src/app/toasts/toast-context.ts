import { createContext, useContext } from 'react';
import type { ToastMessage } from './toast-queue';

export interface ToastApi {
  show: (message: ToastMessage) => number;
  dismiss: (id: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** `useToast().show({ message, type, position?, cta? })` from anywhere inside the providers. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
