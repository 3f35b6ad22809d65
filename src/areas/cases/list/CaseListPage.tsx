// /cases: the organisation's cases, filtered and sorted on the server, in a virtual table that
// moves with j/k and opens with Enter (issue 7, acceptance 4).
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ChooseColumnsButton, columnKey, useColumnLayout } from '../../../features/columns';
import { ExportListButton } from '../../../features/exports/ExportListButton';
import { caseExportRequest } from './case-export';
import { button } from '../../../ui/recipes';
import { LinkButton, DateRangeFilter, FilterBar, MultiFilter } from '../../../ui/FilterBar';
import { ListCount, ListFrame, ListPage } from '../../../ui/ListPage';
import { VirtualTable } from '../../../ui/VirtualTable';
import { CreateCaseDialog } from '../../../features/work/CreateCaseDialog';
import { formatCount } from '../case-format';
import { AlertPickerDialog } from '../detail/AlertPickerDialog';
import { CASE_COLUMNS, CASE_EXTRA_COLUMNS, casePath } from './case-columns';
import { hasActiveFilters } from './case-list-url';
import { useCaseListPage } from './use-case-list-page';
import * as s from './case-list.styles';

export function CaseListPage() {
  const [, navigate] = useLocation();
  // "New case": choose alerts first, then name the case.
  const [step, setStep] = useState<{ kind: 'idle' } | { kind: 'pick' } | { kind: 'create'; alertIds: number[] }>({ kind: 'idle' });
  const page = useCaseListPage({ onNewCase: () => setStep({ kind: 'pick' }) });
  const { filters, update, rows, options } = page;
  const count = rows.count;
  const layout = useColumnLayout('cases', CASE_COLUMNS, { extra: CASE_EXTRA_COLUMNS });

  return (
    <ListPage
      title="Cases"
      density="roomy"
      lead={<ListCount density="roomy">{count === null ? '' : count === 1 ? '1 case' : `${formatCount(count)} cases`}</ListCount>}
      actions={
        <>
          <div className={s.tabs} role="group" aria-label="Cases to show">
            <button type="button" className={s.tab} aria-pressed={filters.view === 'all'} onClick={page.showAll}>
              All cases
            </button>
            <button type="button" className={s.tab} aria-pressed={filters.view === 'mine'} onClick={page.showMine}>
              My cases
            </button>
          </div>
          {page.canCreate ? (
            <button type="button" className={button({ variant: 'primary', size: 'sm' })} onClick={() => setStep({ kind: 'pick' })}>
              New case
            </button>
          ) : null}
          <ExportListButton
            noun="cases"
            count={count ?? undefined}
            request={(format) => caseExportRequest(page.request, layout.columns.map(columnKey), format)}
          />
          <ChooseColumnsButton layout={layout} commandGroup="Cases" />
        </>
      }
    >
      <FilterBar label="Case filters" size="md">
        <MultiFilter label="Status" options={options.statuses} selected={filters.statuses} onChange={(statuses) => update({ statuses })} />
        <MultiFilter label="Queue" options={options.queues} selected={filters.queueIds} onChange={(queueIds) => update({ queueIds })} emptyText="No queues" />
        {filters.view === 'all' && page.canSeeAgents ? (
          <MultiFilter label="Assignee" options={options.assignees} selected={filters.assigneeIds} onChange={(assigneeIds) => update({ assigneeIds })} />
        ) : null}
        <MultiFilter label="Tag" options={options.tags} selected={filters.tagIds} onChange={(tagIds) => update({ tagIds })} emptyText="No tags" />
        <DateRangeFilter
          label="Created"
          from={filters.createdFrom}
          to={filters.createdTo}
          onChange={({ from, to }) => update({ createdFrom: from, createdTo: to })}
          lazy={false}
        />
        {hasActiveFilters(filters) ? <LinkButton onClick={page.clear}>Clear filters</LinkButton> : null}
      </FilterBar>
      <ListFrame>
        <VirtualTable
          label="Cases"
          columns={layout.columns}
          rows={rows}
          getRowId={(c) => c.id}
          rowName={(c) => `case ${c.id}`}
          sort={{ column: filters.sort, dir: filters.direction === 'ascending' ? 'asc' : 'desc' }}
          onSort={page.sortBy}
          onOpen={(c) => navigate(casePath(c.id))}
          loadingLabel="Loading cases"
          empty={<p className={s.empty}>{hasActiveFilters(filters) || filters.view === 'mine' ? 'No cases match these filters.' : 'No cases yet.'}</p>}
          error={(retry) => (
            <div className={s.empty} role="alert">
              The cases could not be loaded. <LinkButton onClick={retry}>Retry</LinkButton>
            </div>
          )}
        />
      </ListFrame>
      <AlertPickerDialog
        open={step.kind === 'pick'}
        title="New case"
        description="Choose the alerts to roll into the new case."
        confirmLabel="Continue"
        onClose={() => setStep({ kind: 'idle' })}
        onConfirm={(alertIds) => setStep({ kind: 'create', alertIds })}
      />
      <CreateCaseDialog alertIds={step.kind === 'create' ? step.alertIds : []} open={step.kind === 'create'} onClose={() => setStep({ kind: 'idle' })} />
    </ListPage>
  );
}
