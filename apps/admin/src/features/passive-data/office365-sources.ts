import type { TOffice365Source } from '@tieline/validation';

// How the admin UI names a Microsoft 365 connection's sources (their ids are the spec's modal names).

/** The short name of each source: checkboxes, progress bars, the card's list. */
export const OFFICE365_SOURCE_LABEL: Record<TOffice365Source, string> = {
  office365Directory: 'Directory',
  office365Email: 'Email',
  office365Calendar: 'Calendar',
  office365People: 'People',
  microsoftTeams: 'Teams',
};

/** The title of each source's connect modal (/passivedata/<source>). */
export const OFFICE365_CONNECT_TITLE: Record<TOffice365Source, string> = {
  office365Directory: 'Connect Microsoft 365 directory',
  office365Email: 'Connect Microsoft 365 email',
  office365Calendar: 'Connect Microsoft 365 calendar',
  office365People: 'Connect Microsoft 365 People',
  microsoftTeams: 'Connect Microsoft Teams',
};

/** What each source collects, shown beside its checkbox. */
export const OFFICE365_SOURCE_HINT: Record<TOffice365Source, string> = {
  office365Directory: 'people, departments and who reports to whom',
  office365Email: 'who emails whom (sent items)',
  office365Calendar: 'who meets whom',
  office365People: "each person's most relevant people",
  microsoftTeams: 'replies, mentions and chats',
};

export const office365Label = (source: string) => OFFICE365_SOURCE_LABEL[source as TOffice365Source] ?? source;
