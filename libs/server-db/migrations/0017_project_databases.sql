CREATE TABLE "project_databases" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"attachment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_databases_provider" CHECK ("project_databases"."provider" in ('MASON', 'SUPABASE', 'POSTGRES'))
);
--> statement-breakpoint
ALTER TABLE "project_databases" ADD CONSTRAINT "project_databases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;