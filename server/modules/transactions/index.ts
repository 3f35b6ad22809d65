/** Transaction events: one event (also as a cached read), the list, its score explanation and evaluation log. */
export { transactionsHandlers } from './transactions.js';
export { contractTxnType, loadTransactions, STORED_TXN_TYPES, storedTxnTypes } from './load.js';
export { transactionConditions, transactionOrder, transactionPage, transactionsAfter, transactionSortKey } from './list.queries.js';
export type { TransactionListRequest, TransactionSortKey } from './list.queries.js';
