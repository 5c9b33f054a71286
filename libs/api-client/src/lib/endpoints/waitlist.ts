import { accountCallRoutes, type OkResponse, type WaitlistRequest } from '@mason/contract';
import { type ApiBuilder, baseApi, toOk } from '../api';
import { callRequest } from '../call-request';

/** POST /waitlist: collects e-mails while sign-ups are closed. */
export const waitlistEndpoints = (build: ApiBuilder) => ({
  joinWaitlist: build.mutation<OkResponse, WaitlistRequest>({
    query: (body) => callRequest(accountCallRoutes.joinWaitlist, { body }),
    transformResponse: toOk,
  }),
});

/** The waitlist endpoints, injected into the one API slice when this module loads (code splitting). */
export const waitlistApi = baseApi.injectEndpoints({ endpoints: waitlistEndpoints });

export const { useJoinWaitlistMutation } = waitlistApi;
