/** Transaction events: one event (also as a cached read), the list, its score explanation and evaluation log. */
export { transactionsHandlers } from './transactions.js';
export { loadTransactions, storedTxnTypes } from './load.js';
export { transactionPage } from './list.queries.js';
