ALTER TABLE "project_repositories" ADD COLUMN "conflict" jsonb;--> statement-breakpoint
ALTER TABLE "project_repositories" ADD COLUMN "merges" jsonb;--> statement-breakpoint
ALTER TABLE "project_repositories" ADD COLUMN "merge_waiting_index" integer;