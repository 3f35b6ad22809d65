// FINTRAC reports (openapi/paths/fintrac.yaml): a report (STR or LCTR) read again every second while
// its prefiling validation is pending or in process; writing an STR from a case, saving a report,
// sending it to review, submitting or archiving it; the organisation's FINTRAC reporting settings
// and its FinCEN filing settings (the Filing settings panel). A report the server answers replaces
// its cached copy; the filings list and the case it came from are read again.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { caseKeys } from '../cases/keys';
import { filingKeys } from './keys';

export type FintracReport = components['schemas']['FintracReport'];
export type FintracReportInput = components['schemas']['FintracReportInput'];
export type FintracReportRow = components['schemas']['FintracReportRow'];
export type FintracSubject = components['schemas']['FintracSubject'];
export type FintracTransaction = components['schemas']['FintracTransaction'];
export type FintracStatus = components['schemas']['FintracStatus'];
export type FintracAction = components['schemas']['FintracAction'];
export type FintracSettings = components['schemas']['FintracSettings'];
export type FilingSettings = components['schemas']['FilingSettings'];

export const fintracKeys = {
  report: (id: number) => [...filingKeys.all, 'fintrac', id] as const,
  settings: [...filingKeys.all, 'fintrac-settings'] as const,
  filingSettings: [...filingKeys.all, 'settings'] as const,
};

export const FINTRAC_VALIDATION_POLL_MS = 1_000;

const validating = (status: string | undefined) => status === 'PREFILING_VALIDATION_PENDING' || status === 'PREFILING_VALIDATION_IN_PROCESS';

export function useFintracReportQuery(id: number) {
  return useQuery({
    queryKey: fintracKeys.report(id),
    queryFn: () => unwrap(api.GET('/api/fintrac-reports/{id}', { params: { path: { id } } })),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => (validating(query.state.data?.status) ? FINTRAC_VALIDATION_POLL_MS : false),
  });
}

function store(client: QueryClient, report: FintracReport) {
  client.setQueryData(fintracKeys.report(report.id), report);
  return Promise.all([
    client.invalidateQueries({ queryKey: [...filingKeys.all, 'grouped'] }),
    client.invalidateQueries({ queryKey: [...filingKeys.all, 'batch'] }),
    client.invalidateQueries({ queryKey: caseKeys.all }),
  ]);
}

export function useCreateStrMutation(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/cases/{id}/strs', { params: { path: { id: caseId } }, body: {} })),
    onSuccess: (report) => store(client, report),
  });
}

export function useUpdateFintracReportMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FintracReportInput) => unwrap(api.PUT('/api/fintrac-reports/{id}', { params: { path: { id } }, body })),
    onSuccess: (report) => store(client, report),
  });
}

export type FintracStatusAction = Exclude<FintracAction, 'edit'>;

export function useSetFintracStatusMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: FintracStatusAction) => unwrap(api.POST('/api/fintrac-reports/{id}/status', { params: { path: { id } }, body: { action } })),
    onSuccess: (report) => store(client, report),
  });
}

export function useFintracSettingsQuery(enabled = true) {
  return useQuery({
    queryKey: fintracKeys.settings,
    queryFn: () => unwrap(api.GET('/api/fintrac/settings')),
    enabled,
  });
}

export function useSaveFintracSettingsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FintracSettings) => unwrap(api.PUT('/api/fintrac/settings', { body })),
    onSuccess: (saved) => client.setQueryData(fintracKeys.settings, saved),
  });
}

export function useFilingSettingsQuery(enabled = true) {
  return useQuery({
    queryKey: fintracKeys.filingSettings,
    queryFn: () => unwrap(api.GET('/api/filings/settings')),
    enabled,
  });
}

export function useSaveFilingSettingsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FilingSettings) => unwrap(api.PUT('/api/filings/settings', { body })),
    onSuccess: (saved) => client.setQueryData(fintracKeys.filingSettings, saved),
  });
}
