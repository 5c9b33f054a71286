CREATE TABLE "project_repositories" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"repository_id" text NOT NULL,
	"full_name" text NOT NULL,
	"clone_url" text NOT NULL,
	"html_url" text NOT NULL,
	"branch" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"pushed_version_id" uuid,
	"pushed_commit" text,
	"pushed_at" timestamp with time zone,
	"push_state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"retry_at" timestamp with time zone,
	"worker_id" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_repositories_push_state" CHECK ("project_repositories"."push_state" in ('PENDING', 'PUSHED', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "project_repositories" ADD CONSTRAINT "project_repositories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_repositories" ADD CONSTRAINT "project_repositories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_repositories_user_id_idx" ON "project_repositories" USING btree ("user_id");