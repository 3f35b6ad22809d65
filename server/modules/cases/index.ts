import { caseHandlers } from './cases.js';
import { createCaseHandlers } from './create.js';
import { caseListHandlers } from './list.js';
import { casePdfHandlers } from './pdf.js';
import { sarHandlers } from './sar.js';

/** Cases: the list, a case, creating one from alerts and adding alerts, the PDF, and the case's SARs. */
export const casesHandlers = { ...caseListHandlers, ...caseHandlers, ...createCaseHandlers, ...casePdfHandlers, ...sarHandlers };
export { listCases } from './list.queries.js';
