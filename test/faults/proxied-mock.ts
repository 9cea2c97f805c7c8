import { startMock } from '../../src/index.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';

/** The real mock behind a fault proxy: what the kit runs against for faults and legal variations. */
export interface ProxiedMock {
  proxy: FaultProxy;
  /** Closes the proxy, then the mock. */
  close(): Promise<void>;
}

/**
 * Starts the mock on a free port with a fault proxy in front of it.
 * @example
 * const { proxy, close } = await startProxiedMock();
 * proxy.use(fault.handler());
 */
export async function startProxiedMock(): Promise<ProxiedMock> {
  // Behind the fault proxy, which says where clients reached it in X-Forwarded-Host: links follow it.
  const mock = await startMock({ port: 0, host: '127.0.0.1', logLevel: 'silent', trustProxy: true });
  try {
    const proxy = await startFaultProxy(mock.url);
    return {
      proxy,
      async close() {
        await proxy.close();
        await mock.close();
      },
    };
  } catch (error) {
    await mock.close();
    throw error;
  }
}
