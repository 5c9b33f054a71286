import {
  DeploymentResponseSchema,
  type ApiErrorBody,
  type Deployment,
  type DeploymentResponse,
} from '@mason/contract';
import * as z from 'zod/mini';
import type { TestServer } from './test-app';
import { eventually } from './waits';

/** Publishes the project's newest version and waits until that deployment is the LIVE one. */
export async function publishAndWait(
  server: TestServer,
  token: string,
  projectId: string,
): Promise<DeploymentResponse> {
  const queued = await server
    .as(token)
    .post<Deployment & ApiErrorBody>(`/api/projects/${projectId}/deployment`, {});
  if (queued.status !== 201) throw new Error(`publish answered ${queued.status}`);
  return eventually(`deployment ${queued.body.id} to be LIVE`, async () => {
    const answer = await server.as(token).get(`/api/projects/${projectId}/deployment`);
    const state = z.parse(DeploymentResponseSchema, answer.body);
    return state.live?.id === queued.body.id ? state : undefined;
  });
}
