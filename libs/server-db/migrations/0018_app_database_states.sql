CREATE TABLE "app_database_states" (
	"project_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"environment" text NOT NULL,
	"snapshot_id" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_database_states_version_id_environment_pk" PRIMARY KEY("version_id","environment"),
	CONSTRAINT "app_database_states_environment" CHECK ("app_database_states"."environment" in ('development', 'production'))
);
--> statement-breakpoint
ALTER TABLE "app_database_states" ADD CONSTRAINT "app_database_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_database_states" ADD CONSTRAINT "app_database_states_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_database_states_project_idx" ON "app_database_states" USING btree ("project_id","environment");