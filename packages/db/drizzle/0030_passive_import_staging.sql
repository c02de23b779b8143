CREATE TABLE "passive_staged_conversations" (
	"connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cursor" text,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "passive_staged_conversations_connection_id_external_id_pk" PRIMARY KEY("connection_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "passive_staged_interactions" (
	"connection_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"from_external_id" text NOT NULL,
	"to_external_id" text NOT NULL,
	"conversation" text NOT NULL,
	"message_key" text NOT NULL,
	"recipients" integer DEFAULT 1 NOT NULL,
	"weight" real DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passive_staged_people" (
	"connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"person" jsonb NOT NULL,
	CONSTRAINT "passive_staged_people_connection_id_external_id_pk" PRIMARY KEY("connection_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "passive_staged_conversations" ADD CONSTRAINT "passive_staged_conversations_connection_id_passive_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."passive_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_staged_interactions" ADD CONSTRAINT "passive_staged_interactions_connection_id_passive_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."passive_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_staged_people" ADD CONSTRAINT "passive_staged_people_connection_id_passive_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."passive_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passive_staged_interactions_conversation_idx" ON "passive_staged_interactions" USING btree ("connection_id","conversation");