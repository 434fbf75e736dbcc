import pg from 'pg';
import { libpqPassword } from './libpq-password.js';

type ConnectCallback = ((err: Error) => void) | ((err: null, client: pg.Client) => void);

/**
 * The pool's `pg.Client`, with two changes. A connection string without a
 * password takes it from `libpqPassword` (`$PGPASSWORD`, else
 * `$PGPASSFILE`), looked up by us: node-postgres's own lookup prints a
 * deprecation notice. And its socket is destroyed when connecting fails:
 * node-postgres leaves it open when the failure is its own rather than the
 * server's ("client password must be a string" when the server asks for a
 * password and none was found), and that socket kept a finished `xcap`
 * command alive until the server's authentication timeout (60 s).
 */
export class StoreClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // node-postgres calls a password function with its connection parameters and takes `undefined` as "no password".
    const self = this as { password?: unknown };
    if (self.password === undefined || self.password === null) self.password = libpqPassword;
  }

  override connect(): Promise<pg.Client>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
    if (callback === undefined)
      return super.connect().catch((error: unknown) => {
        this.connection.stream.destroy();
        throw error;
      });
    super.connect((error: Error | null) => {
      if (error !== null) {
        this.connection.stream.destroy();
        (callback as (err: Error) => void)(error);
      } else (callback as (err: null, client: pg.Client) => void)(null, this);
    });
  }
}
