ALTER TABLE "auth_tokens" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "rate_limit_events" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_method" CHECK ("auth_tokens"."method" in ('password', 'google', 'signup'));