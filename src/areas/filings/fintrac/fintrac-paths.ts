// Where a FINTRAC report is shown: /filings/fintrac/{id} (the filings area's detail route, report type fintrac).
export const fintracPath = (id: number) => `/filings/fintrac/${id}`;
