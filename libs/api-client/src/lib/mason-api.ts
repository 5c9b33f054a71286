import { baseApi } from './api';
import { authApi, authEndpoints } from './endpoints/auth';
import { billingApi, billingEndpoints } from './endpoints/billing';
import { configApi, configEndpoints } from './endpoints/config';
import { githubApi, githubEndpoints } from './endpoints/github';
import { mcpApi, mcpEndpoints } from './endpoints/mcp';
import { modelsApi, modelsEndpoints } from './endpoints/models';
import { openRouterApi, openRouterEndpoints } from './endpoints/open-router';
import { paymentsApi, paymentsEndpoints } from './endpoints/payments';
import {
  projectCodeHostingApi,
  projectCodeHostingEndpoints,
} from './endpoints/project-code-hosting';
import { projectDatabaseApi, projectDatabaseEndpoints } from './endpoints/project-database';
import { projectsApi, projectsEndpoints } from './endpoints/projects';
import { subscriptionsApi, subscriptionsEndpoints } from './endpoints/subscriptions';
import { supabaseApi, supabaseEndpoints } from './endpoints/supabase';
import { tasksApi, tasksEndpoints } from './endpoints/tasks';
import { uploadsApi, uploadsEndpoints } from './endpoints/uploads';
import { usersApi, usersEndpoints } from './endpoints/users';
import { waitlistApi, waitlistEndpoints } from './endpoints/waitlist';

/**
 * Mason's one API slice with every endpoint. Each domain injects its endpoints into the same
 * slice when its module loads (endpoints/*.ts), so a bundle that needs only some domains (the
 * web app's first screen) carries only those; importing `api` brings in every domain, typed.
 */
export const api = everyDomainLoaded() as unknown as ReturnType<typeof everyDomainTyped>;

/** Loads every domain (each import above injected its endpoints) and answers the slice. */
function everyDomainLoaded() {
  return [
    configApi,
    waitlistApi,
    authApi,
    usersApi,
    subscriptionsApi,
    paymentsApi,
    billingApi,
    githubApi,
    supabaseApi,
    mcpApi,
    openRouterApi,
    projectCodeHostingApi,
    projectDatabaseApi,
    projectsApi,
    uploadsApi,
    tasksApi,
    modelsApi,
  ][0];
}

/** Never called: it only spells the type of the slice with every domain's endpoints. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by its type only
function everyDomainTyped() {
  return baseApi
    .injectEndpoints({ endpoints: configEndpoints })
    .injectEndpoints({ endpoints: waitlistEndpoints })
    .injectEndpoints({ endpoints: authEndpoints })
    .injectEndpoints({ endpoints: usersEndpoints })
    .injectEndpoints({ endpoints: subscriptionsEndpoints })
    .injectEndpoints({ endpoints: paymentsEndpoints })
    .injectEndpoints({ endpoints: billingEndpoints })
    .injectEndpoints({ endpoints: githubEndpoints })
    .injectEndpoints({ endpoints: supabaseEndpoints })
    .injectEndpoints({ endpoints: mcpEndpoints })
    .injectEndpoints({ endpoints: openRouterEndpoints })
    .injectEndpoints({ endpoints: projectCodeHostingEndpoints })
    .injectEndpoints({ endpoints: projectDatabaseEndpoints })
    .injectEndpoints({ endpoints: projectsEndpoints })
    .injectEndpoints({ endpoints: uploadsEndpoints })
    .injectEndpoints({ endpoints: tasksEndpoints })
    .injectEndpoints({ endpoints: modelsEndpoints });
}

export type MasonApi = typeof api;
/** Every endpoint's name ('login', 'getProjects', ...). */
export type ApiEndpointName = keyof MasonApi['endpoints'];
/** What an endpoint answers, e.g. `ApiResult<'getProjects'>`. */
export type ApiResult<Name extends ApiEndpointName> =
  MasonApi['endpoints'][Name]['Types']['ResultType'];
/** What an endpoint takes, e.g. `ApiArg<'sendTaskMessage'>`. */
export type ApiArg<Name extends ApiEndpointName> = MasonApi['endpoints'][Name]['Types']['QueryArg'];
