/** The monthly export request's fields (requestExport body), as the form names them. */
export const EXPORT_REQUEST_LABELS = { from: 'Zeitraum (von)', to: 'Zeitraum (bis)' };
