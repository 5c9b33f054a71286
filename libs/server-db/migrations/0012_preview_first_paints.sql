CREATE TABLE "preview_first_paints" (
	"project_id" uuid NOT NULL,
	"build_key" text NOT NULL,
	"path" text NOT NULL,
	"container_id" text NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preview_first_paints_project_id_build_key_path_pk" PRIMARY KEY("project_id","build_key","path")
);
--> statement-breakpoint
ALTER TABLE "preview_first_paints" ADD CONSTRAINT "preview_first_paints_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preview_first_paints_project_updated_idx" ON "preview_first_paints" USING btree ("project_id","updated_at");