import { ApiRoutes } from '@mason/contract';
import { fillPath } from './path';

describe('fillPath', () => {
  it('fills and encodes every :param', () => {
    expect(fillPath(ApiRoutes.projectEnvVariable, { id: 'p 1', key: 'API_KEY' })).toBe(
      '/projects/p%201/env/API_KEY',
    );
    expect(fillPath(ApiRoutes.projectAsset, { id: 'p1', assetId: 'a/b' })).toBe(
      '/projects/p1/assets/a%2Fb',
    );
    expect(fillPath(ApiRoutes.projects, {})).toBe('/projects');
  });

  it('refuses to leave a param empty', () => {
    expect(() => fillPath('/projects/:id' as string, {})).toThrow('no value for :id');
  });
});
