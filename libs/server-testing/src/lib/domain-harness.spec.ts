import { API_PREFIX, ApiRoutes, type User } from '@mason/contract';
import { type DomainHarness, startDomainHarness } from './domain-harness';

const CURRENT_USER = `${API_PREFIX}${ApiRoutes.currentUser}`;

describe('startDomainHarness', () => {
  let harness: DomainHarness;
  let registered = false;

  beforeAll(async () => {
    harness = await startDomainHarness(async (_api, { db }) => {
      registered = db !== undefined;
    });
  });

  afterAll(() => harness?.close());

  it("registers the spec's routes with the harness's database", () => {
    expect(registered).toBe(true);
  });

  it('signs people up and sends each one its own token with as(user)', async () => {
    const ada = await harness.signUp('ada');
    const grace = await harness.signUp('grace');

    const adaSees = await harness.as(ada).get<User>(CURRENT_USER);
    const graceSees = await harness.as(grace).get<User>(CURRENT_USER);

    expect(adaSees.status).toBe(200);
    expect(adaSees.body).toMatchObject({ id: ada.id, email: ada.email });
    expect(graceSees.body).toMatchObject({ id: grace.id, email: grace.email });
  });

  it("answers calls without a session with the catalogue's 401", async () => {
    const anonymous = await harness.request('GET', CURRENT_USER);

    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, message: 'Please log in.' });
  });
});
