CREATE TABLE "production_database_backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"deployment_id" uuid,
	"snapshot_id" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_database_backups_reason" CHECK ("production_database_backups"."reason" in ('BEFORE_PUBLISH', 'BEFORE_RESTORE'))
);
--> statement-breakpoint
ALTER TABLE "production_database_backups" ADD CONSTRAINT "production_database_backups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_database_backups" ADD CONSTRAINT "production_database_backups_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "production_database_backups_project_idx" ON "production_database_backups" USING btree ("project_id","created_at");