import { connect, type Socket } from 'node:net';

/** One HTTP/1.1 response as read off the socket: header names lower-cased. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** How a connection ended: the server closed it cleanly (FIN), or it broke (a reset, a refused write). */
export type ConnectionEnd = { kind: 'closed' } | { kind: 'broken'; code: string };

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One TCP connection spoken to byte by byte, for what an HTTP client library will not send or hides: a
 * request written in pieces, a body past the limit, a method the parser refuses, how the server hangs up.
 * @example const connection = await RawConnection.open(mock.url); connection.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'); await connection.response();
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private wake: () => void = () => undefined;
  private endedAs: ConnectionEnd | undefined;
  /** Resolves once the connection is over, however it ended. */
  readonly ended: Promise<ConnectionEnd>;

  private constructor(private readonly socket: Socket) {
    let settle: (end: ConnectionEnd) => void = () => undefined;
    this.ended = new Promise((resolve) => (settle = resolve));
    const finish = (end: ConnectionEnd) => {
      this.endedAs ??= end;
      settle(this.endedAs);
      this.wake();
    };
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish({ kind: 'broken', code: error.code ?? error.message }),
    );
    socket.on('end', () => finish({ kind: 'closed' }));
    socket.on('close', () => finish({ kind: 'closed' }));
  }

  /** Connects to the host and port of `url`. */
  static open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new RawConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Writes bytes as they are; resolves once the socket took them (or it broke). */
  write(data: string | Buffer): Promise<void> {
    if (this.socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => this.socket.write(data, () => resolve()));
  }

  /**
   * Writes `total` bytes of filler (chunked framing when `chunked`) as fast as the socket takes them,
   * stopping early when the connection ends; resolves with how many body bytes the socket accepted.
   */
  async pump(total: number, { chunked = false, chunk = 64 * 1024 } = {}): Promise<number> {
    const filler = Buffer.alloc(chunk, 0x20);
    const framed = chunked
      ? Buffer.concat([Buffer.from(`${chunk.toString(16)}\r\n`), filler, Buffer.from('\r\n')])
      : filler;
    let accepted = 0;
    while (accepted < total && this.endedAs === undefined && !this.socket.destroyed) {
      const room = this.socket.write(framed);
      accepted += chunk;
      if (!room)
        await new Promise<void>((resolve) => {
          const done = () => {
            this.socket.off('drain', done);
            this.socket.off('close', done);
            resolve();
          };
          this.socket.once('drain', done);
          this.socket.once('close', done);
        });
    }
    return accepted;
  }

  /** The next whole response (framed by Content-Length, else read to the end of the connection). */
  async response(timeoutMs = 10_000): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.parse();
      if (parsed !== undefined) return parsed;
      if (this.endedAs !== undefined) {
        const head = this.received.toString('latin1').slice(0, 200);
        throw new Error(
          `the connection ended (${JSON.stringify(this.endedAs)}) before a whole response: ${JSON.stringify(head)}`,
        );
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no whole response within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Everything received and not yet read as a response. */
  get unread(): string {
    return this.received.toString('latin1');
  }

  close(): void {
    this.socket.destroy();
  }

  private parse(): RawResponse | undefined {
    const headEnd = this.received.indexOf(HEAD_END);
    if (headEnd === -1) return undefined;
    const [statusLine = '', ...lines] = this.received.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const start = headEnd + HEAD_END.length;
    const length = headers['content-length'];
    let end: number;
    if (length !== undefined) end = start + Number(length);
    else if (this.endedAs !== undefined) end = this.received.length;
    else return undefined;
    if (this.received.length < end) return undefined;
    const body = this.received.subarray(start, end).toString('utf8');
    this.received = this.received.subarray(end);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}
