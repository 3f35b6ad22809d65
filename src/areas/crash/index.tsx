import type { AreaProps } from '../../app/routes.types';

/**
 * The crash-test page (internal staff, or anyone while the crash_test flag is on): it fails while rendering, to demonstrate the
 * runtime error fallback.
 */
export default function CrashArea(_props: AreaProps): never {
  throw new Error('Crash test: this page fails on purpose to show the runtime error fallback.');
}
