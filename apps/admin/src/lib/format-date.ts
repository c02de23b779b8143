// The spec §9 formats live in @tieline/validation so the respondent app's replay shares them.
export { formatDate, formatDateTime } from '@tieline/validation';
