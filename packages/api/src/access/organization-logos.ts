import { type Db, eq, organizations, users } from '@tieline/db';
import { LOGO_TYPES, logoKey, type TOrganizationLogos, ZOrganizationLogos } from '@tieline/validation';

// The logos people see: the signed-in user's organization's in the admin app (getConfig), the survey
// owner's organization's in the respondent app. Shared by the config, respondent-view and logo services.

/** The spec-shaped logos of a stored `logos` column; anything else in it is dropped. */
export function logosOf(stored: Record<string, string> | null | undefined): TOrganizationLogos {
  const known = Object.fromEntries(LOGO_TYPES.map((t) => [logoKey(t), stored?.[logoKey(t)]]));
  return ZOrganizationLogos.catch({}).parse(known);
}

/** An organization's logos; none for no organization (an individual account) or an unknown one. */
export async function organizationLogos(db: Db, organizationId: string | null): Promise<TOrganizationLogos> {
  if (!organizationId) return {};
  const [row] = await db
    .select({ logos: organizations.logos })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return logosOf(row?.logos);
}

/** The logos of the organization a survey's owner belongs to (what its respondents see). */
export async function surveyLogos(db: Db, survey: { ownerId: string }): Promise<TOrganizationLogos> {
  const [row] = await db
    .select({ logos: organizations.logos })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, survey.ownerId));
  return logosOf(row?.logos);
}
