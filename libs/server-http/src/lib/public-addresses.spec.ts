import { AddressRefused, publicAddresses } from './public-addresses';

const resolving =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address }));

describe('publicAddresses: the addresses Mason may connect to for a name a person gave', () => {
  it('answers every address of the name with its family, to connect to without resolving again', async () => {
    await expect(
      publicAddresses('mcp.example.com', { lookup: resolving('93.184.216.34', '2606:4700::1111') }),
    ).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
  });

  it('takes a literal address as it is, brackets of a URL’s IPv6 host or not', async () => {
    const lookup = () => Promise.reject(new Error('a literal address is not looked up'));
    await expect(publicAddresses('[2606:4700::1111]', { lookup })).resolves.toEqual([
      { address: '2606:4700::1111', family: 6 },
    ]);
    await expect(publicAddresses('[::1]', { lookup, allowLoopback: true })).resolves.toEqual([
      { address: '::1', family: 6 },
    ]);
  });

  it('says which address of which range it refused', async () => {
    const refused = await publicAddresses('metadata.example.com', {
      lookup: resolving('93.184.216.34', '169.254.169.254'),
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AddressRefused);
    expect(refused).toMatchObject({
      host: 'metadata.example.com',
      range: 'link-local',
      address: '169.254.169.254',
      message: 'metadata.example.com points to a link-local address (169.254.169.254).',
    });
  });

  it('refuses a name nothing answers for, without a range', async () => {
    await expect(publicAddresses('nowhere.invalid', { lookup: resolving() })).rejects.toMatchObject(
      {
        range: null,
        address: null,
        message: 'No server is known by the name nowhere.invalid.',
      },
    );
  });
});
