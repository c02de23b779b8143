import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { organizations } from './organizations';

/**
 * AuthnRequests we sent, by id, for node-saml's `validateInResponseTo: 'always'`: a response must
 * answer one of these, for the same organization, before it expires. In the database so the server
 * that receives the response need not be the one that sent the request.
 */
export const samlRequests = pgTable(
  'saml_requests',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.requestId] }), index('saml_requests_created_idx').on(t.createdAt)],
);

/**
 * Assertion ids already accepted, kept until the assertion would have expired anyway: the primary key
 * makes a second use of one assertion fail, however many servers receive it at once.
 */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assertionId: text().notNull(),
    expiresAt: at().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.assertionId] }),
    index('saml_assertions_expires_idx').on(t.expiresAt),
  ],
);
