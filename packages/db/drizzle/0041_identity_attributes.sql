ALTER TABLE "passive_identities" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- What each connection gave a person was not kept before: every identity starts with its person's
-- attributes (as renames treated them until now); the connection's next import or sync replaces them.
UPDATE "passive_identities" i SET "attributes" = p."attributes" FROM "passive_people" p WHERE p."id" = i."person_id";
