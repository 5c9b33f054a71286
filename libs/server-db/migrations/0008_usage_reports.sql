CREATE TABLE "usage_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"credits" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "usage_reports_credits" CHECK ("usage_reports"."credits" > 0)
);
--> statement-breakpoint
ALTER TABLE "usage_reports" ADD CONSTRAINT "usage_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_reports_pending_idx" ON "usage_reports" USING btree ("provider","created_at") WHERE "usage_reports"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "usage_reports_user_idx" ON "usage_reports" USING btree ("user_id","created_at");