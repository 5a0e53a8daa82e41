import { describe, expect } from 'vitest';
import { expectInvalid, it } from '../support';

describe('transit hubs', () => {
  it('creates a hub with the default private ASN', async ({ alice }) => {
    const hub = await alice.client.transitHubs.create({ name: 'core', region: 'hn' });
    expect(hub).toMatchObject({ name: 'core', region: 'hn', asn: 64512, status: 'available' });
    const page = await alice.client.transitHubs.list({ region: 'hn' });
    expect(page.data.map((h) => h.id)).toContain(hub.id);
  });

  it('accepts both private ASN ranges at their edges', async ({ alice }) => {
    for (const asn of [64512, 65534, 4_200_000_000, 4_294_967_294]) {
      await expect(
        alice.client.transitHubs.create({ name: `asn-${asn}`, region: 'hn', asn }),
      ).resolves.toMatchObject({
        asn,
      });
    }
  });

  it.for([64511, 65535, 13335, 4_199_999_999, 4_294_967_295, 65000.5])(
    'refuses the ASN %d',
    async (asn, { alice }) => {
      await expectInvalid(alice.client.transitHubs.create({ name: 'bad', region: 'hn', asn }), 'body.asn');
    },
  );

  it('refuses a missing region', async ({ alice }) => {
    await expectInvalid(alice.client.transitHubs.create({ name: 'x' } as never), 'body.region');
  });
});
