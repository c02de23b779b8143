// The Microsoft 365 sources and permissions as plain constants, without zod: the admin app's routes
// name the connect modals by them, and importing them must not bring the schemas (and zod) into the
// app's entry chunk (passive-data-office365.ts holds the schemas).

/** The sources of a Microsoft 365 connection, spelled as the connect modals are (platform §2). */
export const OFFICE365_SOURCES = [
  'office365Directory',
  'office365Email',
  'office365Calendar',
  'office365People',
  'microsoftTeams',
] as const;
export type TOffice365Source = (typeof OFFICE365_SOURCES)[number];

/** The Microsoft Graph application permissions the app registration needs (docs/microsoft-365-app.md). */
export const OFFICE365_PERMISSIONS = [
  'User.Read.All',
  'GroupMember.Read.All',
  'Mail.ReadBasic.All',
  'Calendars.ReadBasic',
  'People.Read.All',
  'ChannelMessage.Read.All',
  'Chat.Read.All',
  'Team.ReadBasic.All',
  'Channel.ReadBasic.All',
] as const;

/**
 * The bot token scopes the Slack app needs (docs/slack-app.md); usergroups:read only when the
 * connection is restricted to user groups or lists follow one.
 */
export const SLACK_SCOPES = [
  'users:read',
  'users:read.email',
  'channels:read',
  'channels:history',
  'groups:read',
  'groups:history',
  'im:read',
  'im:history',
  'mpim:read',
  'mpim:history',
  'usergroups:read',
] as const;
