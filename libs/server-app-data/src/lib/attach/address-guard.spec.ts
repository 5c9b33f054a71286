import { AttachRefused } from './attach-refused';
import { publicAddressOf } from './address-guard';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address }));

async function refusal(promise: Promise<string>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (!(error instanceof AttachRefused)) throw error;
    return error.message;
  }
}

describe('the address an attached database may have', () => {
  it('answers the public address a name resolves to (the one connected to)', async () => {
    await expect(
      publicAddressOf('db.example.com', 'connectionUrl', { lookup: resolvesTo('93.184.216.34') }),
    ).resolves.toBe('93.184.216.34');
    await expect(publicAddressOf('2606:4700::1111', 'connectionUrl')).resolves.toBe(
      '2606:4700::1111',
    );
  });

  it.each([
    ['10.0.0.5', 'private network'],
    ['192.168.1.20', 'private network'],
    ['172.16.0.1', 'private network'],
    ['100.64.0.1', 'private network'],
    ['fd00::1', 'private network'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'reserved'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:10.0.0.5', 'private network'],
  ])('refuses %s (%s)', async (address, kind) => {
    expect(await refusal(publicAddressOf(address, 'connectionUrl'))).toContain(`a ${kind} address`);
    expect(
      await refusal(
        publicAddressOf('sneaky.example.com', 'projectUrl', { lookup: resolvesTo(address) }),
      ),
    ).toContain(`sneaky.example.com points to a ${kind} address (${address})`);
  });

  it('refuses a name when any of its addresses is not public', async () => {
    expect(
      await refusal(
        publicAddressOf('mixed.example.com', 'connectionUrl', {
          lookup: resolvesTo('93.184.216.34', '10.0.0.5'),
        }),
      ),
    ).toContain('private network');
  });

  it('lets loopback through when the setting allows it, never a private range', async () => {
    await expect(
      publicAddressOf('127.0.0.1', 'connectionUrl', { allowLoopback: true }),
    ).resolves.toBe('127.0.0.1');
    expect(
      await refusal(publicAddressOf('10.0.0.5', 'connectionUrl', { allowLoopback: true })),
    ).toContain('private network');
  });

  it('says so when no server has the name', async () => {
    expect(
      await refusal(
        publicAddressOf('nowhere.invalid', 'connectionUrl', {
          lookup: async () => {
            throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
          },
        }),
      ),
    ).toBe('No server is known by the name nowhere.invalid. Check the host.');
  });
});
