// What passive data's calls answer when they refuse (passive-data.ts holds the shapes).

export const PASSIVE_MSG = {
  notFound: 'Not found',
  connectionNotFound: 'Connection not found',
  /** The connection card's note after a sync skipped messages dated outside the window. */
  skippedOutsideWindow: (n: number) =>
    `${n.toLocaleString('en-US')} interaction${n === 1 ? '' : 's'} outside the retention window ${n === 1 ? 'was' : 'were'} skipped`,
  /** The connection card's note after an export of a workspace already connected was imported into it. */
  addedToExisting: (name: string, n: number) =>
    `Added to the existing connection ${name}: ${n.toLocaleString('en-US')} new message${n === 1 ? '' : 's'}`,
  queryNotFound: 'Query not found',
  listNotFound: 'List not found',
  managersOnly: 'Only organization Owners and Admins can manage passive data connections, lists and settings',
  /** Person-level passive data (people, lists, queries, their networks): see seesPassivePeople. */
  peopleOnly:
    'Person-level passive data is for Owners, Admins and members an Owner granted it; ask an Owner, or use group reports',
  /** A network holding (or made from) passive data, opened by someone without person-level access to its account. */
  networkPeopleOnly:
    "This network holds people's collaboration data: only its account's Owners, Admins and members granted person-level passive data may open it",
  nameRequired: 'Name cannot be blank',
  nameTooLong: 'Name must be at most 200 characters',
  tokenRequired: 'Enter the bot token of your Slack app (it starts with xoxb-)',
  tokenShape: 'A Slack bot token starts with xoxb- and has no spaces',
  slackAuth: 'Slack refused the token (invalid_auth): check that it is the bot token of an installed app',
  slackScopes: 'The Slack app is missing a scope it needs',
  slackUnreachable: 'Slack could not be reached; the connection will try again',
  /** At connect nothing is stored, so nothing tries again by itself. */
  slackUnreachableNow: 'Slack could not be reached: check the server can reach Slack, then try again',
  slackScope: (scope: string) => `The Slack app is missing a scope it needs: ${scope} (add it, then reinstall the app)`,
  slackUserGroup: (id: string) => `The Slack user group ${id} does not exist (or the app cannot see it)`,
  slackWorkspaceTaken: (name: string) => `This Slack workspace is already connected as "${name}"`,
  exportRequired: 'Choose the zip file of a Slack export',
  exportNotZip: 'This file is not a zip file. Upload the zip of a Slack workspace export.',
  exportNoUsers: 'This zip has no users.json: upload the zip of a Slack workspace export as Slack gives it',
  exportNoChannels: 'This zip has no channels.json: upload the zip of a Slack workspace export as Slack gives it',
  exportBadJson: (file: string) => `${file} is not valid JSON`,
  exportTooLarge: 'The export is larger than the upload limit',
  exportTooManyFiles: 'The export has more files than the limit',
  exportGone: 'The uploaded export is no longer on the server: upload it again',
  exportFileTooLarge: (file: string, maxMb: number) =>
    `${file} is larger than ${maxMb} MB, the most one file of an export may be`,
  exportFileShape: (file: string) =>
    `${file} is not as Slack writes it (a text over 1 MB, a list of over 2 million items, or nesting over 64 deep)`,
  exportTooManyPeople: (max: number) =>
    `users.json lists more than ${max.toLocaleString('en-US')} people: an export of at most ${max.toLocaleString('en-US')} people can be imported`,
  exportTooManyMembers: (list: string, conversation: string, max: number) =>
    `${list} lists ${conversation} with more than ${max} members, which Slack never makes: the file is malformed`,
  /** A worker reading an export died ("ran out of memory") at a step ("conversation general"). */
  exportCheckDied: (words: string) => `Reading users.json ${words}: this export cannot be imported`,
  exportBusy: 'This workspace is being imported: upload the later export once this import is done',
  syncBusy: 'This connection is already syncing',
  uploadConnection: 'An uploaded export is updated by uploading a later export, not by syncing',
  disconnectConfirm: 'Type the connection name to confirm',
  pseudonymizeConfirm:
    'Type Pseudonymize to confirm: turning pseudonymization on rewrites the names and addresses kept (people, lists and passive networks with their versions) and cannot be undone',
  pseudonymizeFailed: 'The conversion to pseudonyms failed; it starts again when pseudonymization is saved again',
  disconnectNetworks: 'Choose whether the networks made from this connection are kept or deleted',
  sourcesRequired: 'Choose at least one source',
  typesRequired: 'Choose at least one interaction type',
  typeNotOfSource: 'An interaction type does not belong to a chosen source',
  windowBoth: 'Choose dates or a number of days, not both',
  windowOrder: 'The start date must be on or before the end date',
  badDate: 'Dates are written YYYY-MM-DD',
  lastDays: 'The number of days must be a whole number from 1 to 3650',
  minInteractions: 'The minimum must be a whole number from 1 to 1,000,000',
  maxRecipients: 'The maximum recipients must be a whole number from 2 to 10,000',
  unknownList: 'A chosen list does not exist',
  listBoth: 'A list cannot be both included and excluded',
  retention: 'Retention must be a whole number of days from 1 to 3650',
  refreshHour: 'The refresh hour must be a whole number from 0 to 23',
  domain: (d: string) => `${d} is not a domain name`,
  tooMany: (what: string, max: number) => `At most ${max.toLocaleString('en-US')} ${what}`,
  runBusy: 'This query is already running',
  queryOwnerOnly: 'Only the person who made this query, or an organization Owner or Admin, can change or delete it',
  runFailed: 'The query could not be run; try again later',
  noPeople: 'No interactions match this query: widen the window, the types or the lists',
  conversationNotFound: 'That channel or user group is not among those this connection found',
  listMembersOne: 'Give the members one way: emails or people found, a Slack channel, or a Slack user group',
  unknownPerson: 'A chosen person was not found',
  tenantId: 'The tenant id is a GUID (Entra admin center > Overview > Tenant ID)',
  clientId: 'The client id is a GUID (the app registration > Overview > Application (client) ID)',
  clientSecretRequired: 'Enter the client secret of your app registration (its Value, not its Secret ID)',
  clientSecretShape: 'A client secret is at most 256 characters, with no spaces',
  groupId: 'Group ids are GUIDs (Entra admin center > Groups > the group > Object ID)',
  office365Source:
    'Sources are office365Directory, office365Email, office365Calendar, office365People and microsoftTeams',
  microsoftAuth:
    'Microsoft refused the tenant id, client id or client secret: check them in the app registration (a secret shows its Value only when made)',
  microsoftTenant:
    'Microsoft did not answer for this tenant id (unknown tenant, or Microsoft unreachable): check the Tenant ID in the Entra admin center',
  microsoftConsent:
    'The app has no admin consent for the permissions it needs: grant admin consent in the app registration > API permissions',
  microsoftPermission: (what: string) =>
    `The app is missing the Microsoft Graph application permission ${what} (add it, then grant admin consent)`,
  microsoftUnreachableNow: 'Microsoft could not be reached: check the server can reach Microsoft, then try again',
  microsoftGroup: (id: string) => `The group ${id} does not exist in this tenant (or the app cannot read it)`,
  microsoftBadLink: 'Microsoft Graph answered a link to another address; the sync stopped',
  tenantTaken: (name: string) => `This Microsoft tenant is already connected as "${name}"`,
  minimumGroupSize: 'The minimum group size must be a whole number from 3 to 1,000',
  reportAttributeRequired: 'Choose an attribute to group people by',
  reportAttributeTooLong: 'An attribute name is at most 100 characters',
  unknownAttribute: (name: string) =>
    `No person has the attribute "${name}": choose title or one of the profile fields the sources give (Department, Location, ...)`,
  connectionIdsShape: 'connectionIds is a list of connection ids',
  /** A chosen connection that is not one of the account's (unknown, or another account's: the same words). */
  unknownConnection: (id: string) => `The connection ${id} is not one of this account's connections`,
  connectionNotReady: (name: string) =>
    `The connection "${name}" has not completed an import or sync yet: a query can read it once it has`,
  connectionOfOtherSource: (name: string, source: string) =>
    `The connection "${name}" is a ${source} connection: add ${source} to the sources, or leave the connection out`,
  sourceWithoutConnection: (source: string) =>
    `Choose at least one ${source} connection, or leave ${source} out of the sources`,
  /** A run of a query whose chosen connections were disconnected since (or never completed an import). */
  connectionsGone: (n: number) =>
    `${n === 1 ? 'A connection' : `${n} connections`} this query reads ${n === 1 ? 'is' : 'are'} no longer connected (or not imported yet): edit the query and choose its connections again`,
  /** A run's warning: the attribute asked for is held by none of the network's people. */
  attributeEmpty: (name: string, people: number) =>
    `No one has the attribute "${name}" (0 of ${people.toLocaleString('en-US')} people): check its name against the attributes found, or name the Slack profile field it comes from (Settings > the connection > Field labels)`,
  fieldLabelsJson:
    'fieldLabels is not valid JSON: give an object from Slack field id to label, such as {"Xf01ABC": "Department"}',
  fieldLabelsShape: 'fieldLabels must be an object from Slack field id to label, such as {"Xf01ABC": "Department"}',
  fieldIdShape: (id: string) => `"${id}" is not a Slack field id (letters and digits, such as Xf01ABC)`,
  fieldLabelLength: (id: string) => `The label of ${id} must be from 1 to 100 characters`,
  fieldLabelTitle: (id: string) => `The label of ${id} cannot be "title": the title is an attribute of its own`,
  fieldLabelTwice: (label: string) => `Two fields cannot have the same label: ${label}`,
  fieldLabelLine: (line: string) =>
    `"${line}" is not a field and its label: write one per line, such as Xf01ABC = Department`,
  fieldLabelsSlackOnly: 'Field labels are for Slack connections (Microsoft 365 names its fields itself)',
  fieldLabelsBusy: 'This connection is importing or syncing: change its field labels once it is done',
  reportDifferencing: (minimum: number) =>
    `This report's people differ from an earlier report of the same window, types and attribute (whatever connections, lists or direction either chose) by fewer than ${minimum} people, so comparing the two could single out a small group. Change the query so that at least ${minimum} people differ, or run the earlier report again.`,
} as const;

/** One status vocabulary for connections, wherever one is shown (cards, settings, the API's docs). */
export const CONNECTION_STATUS_LABEL = {
  queued: 'Waiting to sync',
  running: 'Syncing',
  done: 'Up to date',
  failed: 'Failed',
} as const;

/** The sources as users read them. */
export const PASSIVE_SOURCE_LABEL = { slack: 'Slack', office365: 'Microsoft 365' } as const;
