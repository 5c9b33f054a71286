import { accountCallRoutes, type UpdateCurrentUserRequest, type User } from '@mason/contract';
import { type ApiBuilder, baseApi, whenOk } from '../api';
import { callRequest } from '../call-request';
import { CURRENT } from '../tags';

/** The logged-in person (SPEC.md 7: GET and PUT /users/current). */
export const usersEndpoints = (build: ApiBuilder) => ({
  getCurrentUser: build.query<User, void>({
    query: () => callRequest(accountCallRoutes.getCurrentUser),
    providesTags: [{ type: 'User', id: CURRENT }],
  }),
  updateCurrentUser: build.mutation<User, UpdateCurrentUserRequest>({
    query: (body) => callRequest(accountCallRoutes.updateCurrentUser, { body }),
    invalidatesTags: whenOk(() => [{ type: 'User', id: CURRENT }]),
  }),
});

/** The users endpoints, injected into the one API slice when this module loads (code splitting). */
export const usersApi = baseApi.injectEndpoints({ endpoints: usersEndpoints });

export const { useGetCurrentUserQuery, useLazyGetCurrentUserQuery, useUpdateCurrentUserMutation } =
  usersApi;
