import type { TOffice365Source } from '@tieline/validation';
import { syncCalendar } from './calendar';
import type { SourceSync } from './context';
import { syncEmail } from './email';
import { syncPeople } from './people';
import { syncTeams } from './teams';

/** Each source's sync after the directory, by the connection's source names (OFFICE365_SOURCES). */
export const OFFICE365_SOURCE_SYNCS: Partial<Record<TOffice365Source, SourceSync>> = {
  office365Email: syncEmail,
  office365Calendar: syncCalendar,
  office365People: syncPeople,
  microsoftTeams: syncTeams,
};
