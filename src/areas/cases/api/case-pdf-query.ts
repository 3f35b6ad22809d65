// GET /api/cases/{id}/pdf through the typed client, read as a Blob for the viewer and the download.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { caseKeys } from '../../../api/keys';

export async function fetchCasePdf(id: number): Promise<Blob> {
  // The contract types the body as a string; the client hands back what parseAs asks for.
  const body: unknown = await unwrap(api.GET('/api/cases/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' }));
  if (!(body instanceof Blob)) throw new Error('The PDF did not arrive as a file');
  return body;
}

/** The PDF is generated on each request; it is kept only while the page shows it. */
export function useCasePdfQuery(id: number) {
  return useQuery({ queryKey: caseKeys.pdf(id), queryFn: () => fetchCasePdf(id), staleTime: 0, gcTime: 0, retry: false });
}
