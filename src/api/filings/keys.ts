// Query keys of the filings (openapi/paths/filings.yaml): a SAR's filing content, read again while
// its prefiling validation is pending or in process.
export const filingKeys = {
  all: ['filings'] as const,
  sar: (id: number) => [...filingKeys.all, 'sar', id] as const,
};
