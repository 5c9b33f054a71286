// An attached database is reached from Mason's own network: server-http's publicAddresses
// refuses a name that resolves to anything but public unicast addresses, and an attach says so
// at the field the address came from. The address checked is the one connected to (the name is
// not resolved again by the driver).
import { AddressRefused, publicAddresses, type PublicAddressOptions } from '@mason/server-http';
import { AttachRefused, type AttachField } from './attach-refused';

export type AddressGuardOptions = PublicAddressOptions;

/** Resolves `host` and answers the address to connect to, or refuses with why. */
export async function publicAddressOf(
  host: string,
  field: AttachField,
  options: AddressGuardOptions = {},
): Promise<string> {
  try {
    const [first] = await publicAddresses(host, options);
    return first.address;
  } catch (error) {
    if (!(error instanceof AddressRefused)) throw error;
    throw new AttachRefused(
      error.range === null
        ? `${error.message} Check the host.`
        : `${error.message} Mason attaches only databases on public addresses.`,
      field,
    );
  }
}
