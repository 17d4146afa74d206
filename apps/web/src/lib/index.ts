/** What feature code imports from the app's shared plumbing. */
export { apiGet, apiSend, apiFetch, buildUrl, serverMessage, type QueryParams } from './api-client';
export { useAuth, type AuthState } from './auth-context';
export { toaster, notify } from './toasts';
export { timezoneOffset, useTimezoneOffset, timezoneName } from './timezone';
export { formatDate, formatDateTime, formatShortDate, toYmd, parseYmd, startOfDay, endOfDay, addDays, daysInclusive } from './dates';
export { useLiveUpdates } from './use-live-updates';
export { usePageVisibility } from './use-page-visibility';
export { copyText } from './clipboard';
export { useDocumentTitle } from './use-document-title';
