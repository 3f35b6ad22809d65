// FinCEN's code lists live in core/, where the console reads them too.
export * from '../../../core/filings/fincen-codes.js';
