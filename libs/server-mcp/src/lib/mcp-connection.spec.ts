import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAILING_TEXT, noted, startMcpTestServer, type McpTestServer } from '../testing';
import { connectMcp, McpUnreachable, type McpConnectOptions } from './mcp-connection';
import { MCP_RESULT_MAX_CHARS } from './tool-result';

const LOOPBACK: McpConnectOptions = { allowLoopback: true };

/** The McpUnreachable a promise was refused with. */
async function unreachable(promise: Promise<unknown>): Promise<McpUnreachable> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof McpUnreachable)) throw new Error(`not McpUnreachable: ${String(error)}`);
  return error;
}

describe('a connection to an MCP server through the official SDK, against a real one on loopback', () => {
  let server: McpTestServer;
  let guarded: McpTestServer;
  beforeAll(async () => {
    server = await startMcpTestServer();
    guarded = await startMcpTestServer({
      requireHeader: { name: 'X-Api-Key', value: 'opensesame' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await guarded?.stop();
  });

  it('lists the server’s tools with their descriptions and argument schemas, in its order', async () => {
    const connection = await connectMcp({ url: server.url }, LOOPBACK);
    try {
      const tools = await connection.tools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'add_note',
        'list_notes',
        'long_text',
        'failing',
        'picture',
      ]);
      expect(tools[0]).toEqual({
        name: 'add_note',
        title: 'Add a note',
        description: 'Adds a note to the list.',
        inputSchema: expect.objectContaining({
          type: 'object',
          properties: { text: expect.objectContaining({ type: 'string' }) },
          required: ['text'],
        }),
      });
    } finally {
      await connection.close();
    }
  });

  it('calls a tool and answers its text; a tool’s own failure is an error result, not a refusal', async () => {
    const connection = await connectMcp({ url: server.url }, LOOPBACK);
    try {
      await expect(connection.call('add_note', { text: 'buy milk' })).resolves.toEqual({
        text: noted('buy milk'),
        isError: false,
      });
      expect(server.notes).toEqual(['buy milk']);
      await expect(connection.call('failing', {})).resolves.toEqual({
        text: FAILING_TEXT,
        isError: true,
      });
      // Arguments the tool's schema refuses: the server says why, as an error result.
      const refused = await connection.call('add_note', { text: 42 });
      expect(refused.isError).toBe(true);
      expect(server.notes).toEqual(['buy milk']);
    } finally {
      await connection.close();
    }
  });

  it('cuts a long result and names content that is not text instead of showing it', async () => {
    const connection = await connectMcp({ url: server.url }, LOOPBACK);
    try {
      const long = await connection.call('long_text', { chars: 25_000 });
      expect(long.text).toBe(
        `${'abcdefghij'.repeat(MCP_RESULT_MAX_CHARS / 10)}\n[cut: the result was 25000 characters]`,
      );
      const short = await connection.call('long_text', { chars: 12 });
      expect(short.text).toBe('abcdefghijab');
      await expect(connection.call('picture', {})).resolves.toEqual({
        text: 'A picture:\n[image content, not shown]',
        isError: false,
      });
    } finally {
      await connection.close();
    }
  });

  it('sends the headers it is given; without them the server’s refusal says so', async () => {
    const connection = await connectMcp(
      { url: guarded.url, headers: { 'X-Api-Key': 'opensesame' } },
      LOOPBACK,
    );
    await expect(connection.tools()).resolves.toHaveLength(5);
    await connection.close();
    const host = new URL(guarded.url).host;
    for (const headers of [undefined, { 'X-Api-Key': 'wrong' }]) {
      const refused = await unreachable(connectMcp({ url: guarded.url, headers }, LOOPBACK));
      expect(refused.message).toBe(`${host} refused Mason's credentials.`);
      expect(refused.failure).toBe('credentials');
    }
  });

  it('refuses loopback without the setting, and a name that resolves to a private address always', async () => {
    const loopback = await unreachable(connectMcp({ url: server.url }));
    expect(loopback.message).toBe(
      `127.0.0.1 points to a loopback address (127.0.0.1). Mason connects only to MCP servers on public addresses.`,
    );
    const requestsBefore = server.requests.length;
    // A name whose DNS answer is private: refused where it would be connected to, with loopback
    // allowed, and nothing is sent anywhere.
    const sneaky = await unreachable(
      connectMcp(
        { url: 'https://tools.example.com/mcp' },
        { allowLoopback: true, lookup: async () => [{ address: '10.1.2.3' }] },
      ),
    );
    expect(sneaky.message).toBe(
      'tools.example.com points to a private network address (10.1.2.3). Mason connects only to MCP servers on public addresses.',
    );
    expect(sneaky.failure).toBe('address');
    // The same for a name that points to loopback when loopback is not allowed.
    const local = await unreachable(
      connectMcp(
        { url: `http://tools.example.com:${new URL(server.url).port}/mcp` },
        { lookup: async () => [{ address: '127.0.0.1' }] },
      ),
    );
    expect(local.message).toContain('tools.example.com points to a loopback address (127.0.0.1).');
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('does not follow a redirect to another host', async () => {
    // A server that sends every request on to the test server under another name of loopback.
    const port = new URL(server.url).port;
    const mover = http.createServer((_request, response) => {
      response.writeHead(307, { location: `http://localhost:${port}/mcp` });
      response.end();
    });
    await new Promise<void>((resolve) => mover.listen(0, '127.0.0.1', resolve));
    const moverHost = `127.0.0.1:${(mover.address() as AddressInfo).port}`;
    const requestsBefore = server.requests.length;
    try {
      const moved = await unreachable(connectMcp({ url: `http://${moverHost}/mcp` }, LOOPBACK));
      expect(moved.message).toBe(
        `${moverHost} sent Mason on to another host (localhost:${port}); Mason does not follow it.`,
      );
      expect(server.requests.length).toBe(requestsBefore);
    } finally {
      await new Promise((resolve) => mover.close(resolve));
    }
  });

  it('says a server that is not an MCP server is not one', async () => {
    const notMcp = await unreachable(connectMcp({ url: `${server.origin}/not-here` }, LOOPBACK));
    expect(notMcp.message).toBe(`${new URL(server.url).host} did not answer as an MCP server.`);
  });

  it('turns a server that went away into McpUnreachable, and reaches it again when it is back', async () => {
    const flaky = await startMcpTestServer();
    const host = new URL(flaky.url).host;
    try {
      const connection = await connectMcp({ url: flaky.url }, LOOPBACK);
      await flaky.stop();
      const gone = await unreachable(connection.call('add_note', { text: 'lost' }));
      expect(gone.message).toBe(`${host} could not be reached.`);
      expect(gone.unreachable).toBe(true);
      await connection.close();
      const refused = await unreachable(connectMcp({ url: flaky.url }, LOOPBACK));
      expect(refused.message).toBe(`${host} could not be reached.`);

      await flaky.restart();
      const again = await connectMcp({ url: flaky.url }, LOOPBACK);
      await expect(again.call('add_note', { text: 'found' })).resolves.toMatchObject({
        isError: false,
      });
      await again.close();
      expect(flaky.notes).toEqual(['found']);
    } finally {
      await flaky.stop();
    }
  });
});
