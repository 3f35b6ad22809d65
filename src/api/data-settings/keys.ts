/** The organisation's data settings (GET /api/data-settings): one list for every screen that reads them. */
export const dataSettingKeys = {
  all: ['data-settings'] as const,
  list: () => [...dataSettingKeys.all, 'list'] as const,
};
