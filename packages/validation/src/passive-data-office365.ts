import { z } from 'zod';
import { ZPassiveName } from './passive-data';
import { PASSIVE_MSG } from './passive-data-messages';
import { OFFICE365_SOURCES } from './passive-data-sources';

// Microsoft 365 connections (issue 23): an app registered in the customer's Entra tenant, reached by
// the OAuth 2.0 client-credentials flow. One connection per tenant and account; it collects the
// sources chosen (the directory always). docs/microsoft-365-app.md, docs/passive-data.md.

/** Entra tenant and application (client) ids are GUIDs. */
const ZGuid = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, message);

export const ZOffice365ConnectInput = z.object({
  name: ZPassiveName,
  tenantId: ZGuid(PASSIVE_MSG.tenantId),
  clientId: ZGuid(PASSIVE_MSG.clientId),
  clientSecret: z
    .string({ error: PASSIVE_MSG.clientSecretRequired })
    .trim()
    .min(1, PASSIVE_MSG.clientSecretRequired)
    .max(256, PASSIVE_MSG.clientSecretShape)
    .regex(/^[\x21-\x7e]+$/, PASSIVE_MSG.clientSecretShape),
  /** The sources wanted; the directory is always collected (it is who the others are about). */
  sources: z
    .array(z.enum(OFFICE365_SOURCES, { error: PASSIVE_MSG.office365Source }), { error: PASSIVE_MSG.sourcesRequired })
    .max(OFFICE365_SOURCES.length * 2)
    .default([])
    .transform((v) => OFFICE365_SOURCES.filter((s) => s === 'office365Directory' || v.includes(s))),
  /** Optional groups: only the members of these Entra groups (object ids) are in scope. */
  groupIds: z
    .array(ZGuid(PASSIVE_MSG.groupId))
    .max(100)
    .default([])
    .transform((v) => [...new Set(v)]),
});
export type TOffice365ConnectInput = z.output<typeof ZOffice365ConnectInput>;
