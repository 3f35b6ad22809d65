export interface FileExportListParams {
  limit: number;
  offset: number;
}

/** The file exports list; requesting or canceling an export changes it. */
export const fileExportKeys = {
  all: ['file-exports'] as const,
  lists: () => [...fileExportKeys.all, 'list'] as const,
  list: (params: FileExportListParams) => [...fileExportKeys.lists(), params] as const,
};
