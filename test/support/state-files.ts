import { startMock } from '../../src/index.js';
import { MockClient } from './mock-client.js';

/** The flags of the mock that made a state file by madeStateFile(). */
export const STATE_FILE_SIZES = ['--seed', '1', '--subscriptions', '20', '--products', '5'];

/** startMock() options of STATE_FILE_SIZES on `file`. */
export const stateFileOptions = (file: string) =>
  ({ port: 0, seed: 1, subscriptions: 20, products: 5, stateFile: file, logLevel: 'silent' }) as const;

/** Writes `file`: a state file of two creates ('first', 'second') in the default session, of STATE_FILE_SIZES. */
export async function madeStateFile(file: string): Promise<string> {
  const mock = await startMock(stateFileOptions(file));
  const client = await MockClient.of(mock.url);
  await client.create('first');
  await client.create('second');
  await mock.close();
  return file;
}
