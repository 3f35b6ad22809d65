// Where a SAR is shown: /filings/sar/{id} (the filings area's detail route, report type sar).
export const FILINGS_PATH = '/filings';
export const sarPath = (id: number) => `/filings/sar/${id}`;
