import type { TOffice365Source } from '@tieline/validation';
import type { SourceSync } from './context';
import { syncPeople } from './people';
import { syncTeams } from './teams';

/** Each source's sync after the directory, by the connection's source names (OFFICE365_SOURCES). */
export const OFFICE365_SOURCE_SYNCS: Partial<Record<TOffice365Source, SourceSync>> = {
  office365People: syncPeople,
  microsoftTeams: syncTeams,
};
