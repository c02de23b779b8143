// Spec §9 date formats, shared by the admin app and the respondent app's replay (zod-free).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Spec §9 date format D-MMM-YY, local time. */
export function formatDate(value: string | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getDate()}-${MONTHS[d.getMonth()]}-${String(d.getFullYear()).slice(-2)}`;
}

/** A calendar day as stored ('YYYY-MM-DD', no zone) in the spec §9 format D-MMM-YY; other text as it is. */
export function formatDay(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])}-${month}-${m[1]!.slice(-2)}` : value;
}

/** Spec §9 date-time format D-MMM-YY h:mm a, local time. */
export function formatDateTime(value: string | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const hours = d.getHours() % 12 || 12;
  const minutes = String(d.getMinutes()).padStart(2, '0');
  return `${formatDate(d)} ${hours}:${minutes} ${d.getHours() < 12 ? 'am' : 'pm'}`;
}
