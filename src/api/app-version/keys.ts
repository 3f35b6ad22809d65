export const appVersionKeys = {
  all: ['app-version'] as const,
  current: () => [...appVersionKeys.all, 'current'] as const,
};
