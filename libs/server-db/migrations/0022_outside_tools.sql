CREATE TABLE "mcp_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	"sealed_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcp_servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"auth_kind" text DEFAULT 'NONE' NOT NULL,
	"sealed_headers" text,
	"sealed_oauth" text,
	"oauth_expires_at" timestamp with time zone,
	"tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tools_listed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcp_servers_user_id_name_unique" UNIQUE("user_id","name"),
	CONSTRAINT "mcp_servers_auth_kind_check" CHECK ("mcp_servers"."auth_kind" in ('NONE', 'HEADERS', 'OAUTH'))
);
--> statement-breakpoint
CREATE TABLE "mcp_tool_policies" (
	"server_id" uuid NOT NULL,
	"tool_name" text NOT NULL,
	"policy" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcp_tool_policies_server_id_tool_name_pk" PRIMARY KEY("server_id","tool_name"),
	CONSTRAINT "mcp_tool_policies_policy_check" CHECK ("mcp_tool_policies"."policy" in ('ALWAYS', 'ASK', 'NEVER'))
);
--> statement-breakpoint
CREATE TABLE "open_router_connections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sealed_key" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_router_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"sealed_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_mcp_servers" (
	"project_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_mcp_servers_project_id_server_id_pk" PRIMARY KEY("project_id","server_id")
);
--> statement-breakpoint
ALTER TABLE "mcp_oauth_states" ADD CONSTRAINT "mcp_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_oauth_states" ADD CONSTRAINT "mcp_oauth_states_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD CONSTRAINT "mcp_servers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_tool_policies" ADD CONSTRAINT "mcp_tool_policies_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_router_connections" ADD CONSTRAINT "open_router_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_router_oauth_states" ADD CONSTRAINT "open_router_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_mcp_servers" ADD CONSTRAINT "project_mcp_servers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_mcp_servers" ADD CONSTRAINT "project_mcp_servers_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_oauth_states_user_id_idx" ON "mcp_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "open_router_oauth_states_user_id_idx" ON "open_router_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_mcp_servers_server_id_idx" ON "project_mcp_servers" USING btree ("server_id");